// The account forms' contract: the same limits bind the sign-up page, the server's better-auth
// settings and the bodies the server lets through to better-auth, so a password or a name the
// page accepts is never refused by the server, and one the page refuses is never stored.
import { z } from 'zod';
import { passwordWeakness } from '../password-policy.ts';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
/** RFC 5321's limit on a forward path: a longer address cannot receive mail. */
export const EMAIL_MAX_LENGTH = 254;
/** better-auth's display name is the first and last name joined by a space. */
export const DISPLAY_NAME_MAX_LENGTH = 2 * NAME_MAX_LENGTH + 1;

export const emailSchema = z
  .string({ error: 'Enter your e-mail address' })
  .trim()
  .min(1, 'Enter your e-mail address')
  .max(EMAIL_MAX_LENGTH, `An e-mail address can be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email('Enter a valid e-mail address, like name@example.com'));

export const newPasswordSchema = z
  .string({ error: 'Enter a password' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .superRefine((password, ctx) => {
    if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return; // said above
    const weakness = passwordWeakness(password);
    if (weakness) ctx.addIssue({ code: 'custom', message: weakness });
  });

/**
 * The part of the password rule that needs the account's address (a password made of the e-mail's
 * name), for a form or body that holds both.
 */
export function refusePasswordOfEmail(values: { email: string; password: string }, ctx: z.RefinementCtx) {
  // Whatever the password alone breaks, newPasswordSchema has said already.
  if (values.password.length < PASSWORD_MIN_LENGTH || passwordWeakness(values.password) !== null) return;
  const weakness = passwordWeakness(values.password, values.email);
  if (weakness) ctx.addIssue({ code: 'custom', path: ['password'], message: weakness });
}

/**
 * A person's first or last name, wherever it is set (sign-up, the account's own update): trimmed,
 * not empty, at most NAME_MAX_LENGTH characters.
 */
function personNameSchema(label: 'First name' | 'Last name', missing: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, missing)
    .max(NAME_MAX_LENGTH, `${label} is too long`);
}
export const firstNameSchema = personNameSchema('First name', 'Enter your first name');
export const lastNameSchema = personNameSchema('Last name', 'Enter your last name');
export const displayNameSchema = z
  .string({ error: 'Your name must be text' })
  .trim()
  .min(1, 'Enter your name')
  .max(DISPLAY_NAME_MAX_LENGTH, 'Your name is too long');

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password'),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const signUpSchema = z
  .object({
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    email: emailSchema,
    password: newPasswordSchema,
  })
  .superRefine(refusePasswordOfEmail);
export type SignUpValues = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: z.string().min(1, 'Confirm your new password') })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;
