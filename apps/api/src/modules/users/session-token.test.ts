import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifiedSessionToken } from './session-token.ts';

const secret = 'test-session-secret-that-is-long-enough-0123456789';

/** Signs the way better-call does, through WebCrypto (a cookie better-auth really set is checked in test/app/session-cache.routes.test.ts). */
async function signCookieValue(value: string, key: string): Promise<string> {
  const algorithm = { name: 'HMAC', hash: 'SHA-256' };
  const cryptoKey = await crypto.subtle.importKey('raw', new TextEncoder().encode(key), algorithm, false, ['sign']);
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, new TextEncoder().encode(value)));
  return encodeURIComponent(`${value}.${btoa(String.fromCharCode(...signature))}`);
}

describe('verifiedSessionToken', () => {
  it('reads the token from a cookie signed the way better-auth signs it', async () => {
    // better-call URI-encodes the signed value; the cookie parser hands it back decoded.
    const cookie = decodeURIComponent(await signCookieValue('Zx1tokenValue', secret));
    expect(verifiedSessionToken(cookie, secret)).toBe('Zx1tokenValue');
  });

  it('refuses a cookie signed with another secret, a changed token or signature, and odd shapes', async () => {
    const cookie = decodeURIComponent(await signCookieValue('Zx1tokenValue', secret));
    const [token, signature] = [cookie.slice(0, cookie.lastIndexOf('.')), cookie.slice(cookie.lastIndexOf('.') + 1)];
    expect(verifiedSessionToken(decodeURIComponent(await signCookieValue('Zx1tokenValue', `${secret}x`)), secret)).toBeNull();
    expect(verifiedSessionToken(`${token}x.${signature}`, secret)).toBeNull();
    expect(verifiedSessionToken(`${token}.${signature.slice(0, 42)}A=`, secret)).toBeNull();
    const forged = createHmac('sha256', secret).update(token).digest('base64').replace('=', '');
    expect(verifiedSessionToken(`${token}.${forged}`, secret)).toBeNull();
    for (const odd of [undefined, '', token, `.${signature}`, `${token}.`, `${token}.${'A'.repeat(44)}`]) {
      expect(verifiedSessionToken(odd, secret)).toBeNull();
    }
  });
});
