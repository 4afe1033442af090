// The codes a person types for the second factor (decision 026): the 6 digits an authenticator app
// shows, or one of the recovery codes shown once at set-up. Spaces and dashes people copy with a
// code are tolerated where they cannot change it.
import { z } from 'zod';

export const AUTHENTICATOR_CODE_MESSAGE = 'Enter the 6-digit code your authenticator app shows.';
export const RECOVERY_CODE_MESSAGE = 'Enter one of your recovery codes, like ab12c-3de4f.';

/** The 6 digits an authenticator app shows ("123 456" is read as 123456). */
export const authenticatorCodeSchema = z
  .string({ error: AUTHENTICATOR_CODE_MESSAGE })
  .max(20, AUTHENTICATOR_CODE_MESSAGE)
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, AUTHENTICATOR_CODE_MESSAGE));

/** A recovery code as better-auth makes them: ten letters and digits, written 5-5. */
export const recoveryCodeSchema = z
  .string({ error: RECOVERY_CODE_MESSAGE })
  .max(40, RECOVERY_CODE_MESSAGE)
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, RECOVERY_CODE_MESSAGE));

/** POST /api/auth/step-up: a fresh code, for the decisions that move money or clear people. */
export const stepUpBodySchema = z.strictObject({ code: authenticatorCodeSchema });
export type StepUpBody = z.input<typeof stepUpBodySchema>;
