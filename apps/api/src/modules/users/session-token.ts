// The session cookie better-auth sets is `<token>.<signature>`: the signature is the base64
// HMAC-SHA256 of the token under the session secret (better-call's signed cookies). Checking it
// here with node:crypto, synchronously, costs a few microseconds; better-auth's own check goes
// through WebCrypto's promise machinery on every signed-in request.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A SHA-256 digest in base64 is 44 characters and ends with one '=' (better-call checks the same). */
const SIGNATURE_LENGTH = 44;

/** The token a signed session cookie carries, or null when the cookie is missing or not ours. */
export function verifiedSessionToken(cookieValue: string | undefined, secret: string): string | null {
  if (!cookieValue) return null;
  const dot = cookieValue.lastIndexOf('.');
  if (dot < 1) return null;
  const token = cookieValue.slice(0, dot);
  const signature = cookieValue.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
