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
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
