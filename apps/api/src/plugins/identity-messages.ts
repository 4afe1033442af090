// better-auth answers errors in its own words ("Invalid origin", "Email not verified"). A person
// reads these in the sign-in forms, so each code a person can meet gets a sentence that says what
// happened and what to do, in the same body shape as the rest of the API.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@assay/domain';

export function identitySentences(publicUrl: string): Record<string, string> {
  const site = new URL(publicUrl).origin;
  const foreignPage = `This request came from a page that is not Assay's. Open ${site} in your browser and try again from there.`;
  return {
    INVALID_ORIGIN: foreignPage,
    MISSING_OR_NULL_ORIGIN: foreignPage,
    CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: foreignPage,
    INVALID_CALLBACK_URL: 'That sign-in link points outside Assay, so it was not followed.',
    INVALID_REDIRECT_URL: 'That link points outside Assay, so it was not followed.',
    INVALID_ERROR_CALLBACK_URL: 'That link points outside Assay, so it was not followed.',
    INVALID_NEW_USER_CALLBACK_URL: 'That link points outside Assay, so it was not followed.',
    INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password',
    EMAIL_NOT_VERIFIED: 'Please confirm your e-mail address first: we have just sent you a new link. It is valid for 24 hours.',
    INVALID_TOKEN: 'This link is no longer valid: it has expired or was already used. Please ask for a new one.',
    TOKEN_EXPIRED: 'This link has expired. Please ask for a new one.',
    PASSWORD_TOO_SHORT: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
    PASSWORD_TOO_LONG: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
    INVALID_EMAIL: 'Please enter a valid e-mail address.',
    INVALID_PASSWORD: 'The current password is not right.',
    CREDENTIAL_ACCOUNT_NOT_FOUND: 'This account signs in through your identity provider, not with a password.',
    SESSION_EXPIRED: 'For your safety, please sign in again before doing this.',
    EMAIL_ALREADY_VERIFIED: 'This e-mail address is already confirmed. You can sign in.',
    BODY_MUST_BE_AN_OBJECT: 'The request body must be a JSON object.',
    VALIDATION_ERROR: 'Some fields are missing or not valid.',
    FIELD_NOT_ALLOWED: 'That field cannot be changed here.',
    INVALID_CODE: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
    INVALID_BACKUP_CODE: 'That recovery code is not right, or it was already used. Each one works once.',
    TOTP_ALREADY_ENABLED: 'An authenticator app is already set up for this account.',
    TOTP_NOT_ENABLED: 'No authenticator app is set up for this account yet.',
    TWO_FACTOR_NOT_ENABLED: 'No authenticator app is set up for this account yet.',
    BACKUP_CODES_NOT_ENABLED: 'No recovery codes are set up for this account.',
    INVALID_TWO_FACTOR_COOKIE: 'This sign-in has expired or was already finished. Please sign in again with your password.',
    TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes. Please sign in again with your password.',
    ACCOUNT_TEMPORARILY_LOCKED:
      'Too many wrong codes for this account: it is locked for 15 minutes. Try again then, or ask an Assay operator.',
  };
}

interface IdentityErrorBody {
  code?: unknown;
  message?: unknown;
}

/**
 * The body to send for a better-auth error answer: our sentence when the code is known, its own
 * message otherwise; null when the answer is not an error or not JSON (left as it is).
 */
export function humaniseIdentityError(
  status: number,
  contentType: string | null,
  raw: Buffer,
  sentences: Record<string, string>,
): { statusCode: number; error: string; message: string } | null {
  if (status < 400 || !contentType?.includes('application/json')) return null;
  let body: IdentityErrorBody;
  try {
    body = JSON.parse(raw.toString('utf8')) as IdentityErrorBody;
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object') return null;
  const code = typeof body.code === 'string' ? body.code : undefined;
  const own = typeof body.message === 'string' && body.message ? body.message : 'The request could not be completed.';
  return { statusCode: status, error: code ?? 'IDENTITY_ERROR', message: (code && sentences[code]) || own };
}

/**
 * better-auth's own rate limit (per client address, in the database) answers 429 with its wait in
 * X-Retry-After and no code; the person gets the wait in words, and clients the standard header.
 */
export function rateLimitedSentence(retryAfterSeconds: number): string {
  return `Too many attempts from your address. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'} and try again.`;
}
