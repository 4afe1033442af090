// GET /api/auth/user (SPEC 3, 7): the header, the role switch at "/" and the premium card all
// read this shape, so the server answers exactly it.
import { z } from 'zod';

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
  isPremium: z.boolean(),
  /** An authenticator app is set up for this account (decision 026). */
  twoFactorEnabled: z.boolean(),
  /** An appraiser who must set one up before the admin pages answer them. */
  mustEnrolSecondFactor: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
