import { describe, expect, it } from 'vitest';
import { DecryptionError, decryptField, decryptJson, encryptField, encryptJson } from './crypto.ts';

const KEY = '0123456789abcdef'.repeat(4);
const OTHER_KEY = 'f'.repeat(64);

/** Flips one bit of the base64url part at `index` (1 = iv, 2 = tag, 3 = data). */
function tamper(stored: string, index: number): string {
  const parts = stored.split(':');
  const bytes = Buffer.from(parts[index]!, 'base64url');
  bytes[0] = bytes[0]! ^ 0x01;
  parts[index] = bytes.toString('base64url');
  return parts.join(':');
}

describe('field encryption (AES-256-GCM)', () => {
  it('round-trips text, including empty and non-ASCII text', () => {
    for (const text of ['000123456789', '', 'Zoë Ångström — 東京']) {
      expect(decryptField(KEY, encryptField(KEY, text))).toBe(text);
    }
    expect(decryptJson(KEY, encryptJson(KEY, { routingNumber: '011000015' }))).toEqual({ routingNumber: '011000015' });
  });

  it("writes 'v1:<iv>:<tag>:<data>' in base64url with a 12-byte IV and 16-byte tag, never the clear text", () => {
    const stored = encryptField(KEY, '000123456789');
    expect(stored).toMatch(/^v1:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/);
    const [, iv, tag, data] = stored.split(':');
    expect(Buffer.from(iv!, 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(data!, 'base64url')).toHaveLength('000123456789'.length);
    expect(stored).not.toContain('000123456789');
    expect(Buffer.from(data!, 'base64url').toString('utf8')).not.toContain('0001234');
  });

  it('uses a fresh random IV for every value', () => {
    const a = encryptField(KEY, 'same');
    const b = encryptField(KEY, 'same');
    expect(a).not.toBe(b);
    expect(a.split(':')[1]).not.toBe(b.split(':')[1]);
  });

  it.each([
    ['the IV', 1],
    ['the tag', 2],
    ['the data', 3],
  ])('detects a change to %s', (_what, index) => {
    const stored = encryptField(KEY, '000123456789');
    expect(() => decryptField(KEY, tamper(stored, index))).toThrow(DecryptionError);
  });

  it('refuses the wrong key, the wrong context, truncation and unknown formats', () => {
    const stored = encryptField(KEY, '000123456789', 'transactions.bank:t1');
    expect(decryptField(KEY, stored, 'transactions.bank:t1')).toBe('000123456789');
    expect(() => decryptField(OTHER_KEY, stored, 'transactions.bank:t1')).toThrow(DecryptionError);
    expect(() => decryptField(KEY, stored, 'transactions.bank:t2')).toThrow(DecryptionError);
    expect(() => decryptField(KEY, stored)).toThrow(DecryptionError);
    expect(() => decryptField(KEY, stored.slice(0, -2), 'transactions.bank:t1')).toThrow(DecryptionError);
    for (const bad of ['', 'v2' + stored.slice(2), 'v1:a:b', 'v1:!!:??:==', `v1:${'A'.repeat(10)}:${'A'.repeat(22)}:AA`]) {
      expect(() => decryptField(KEY, bad), bad).toThrow(DecryptionError);
    }
  });

  it('reads a value written with any of the keys it is given, current key first', () => {
    const previous = encryptField(OTHER_KEY, '000123456789', 'transactions.bank:t1');
    const current = encryptField(KEY, '011000015', 'transactions.bank:t1');
    expect(decryptField([KEY, OTHER_KEY], previous, 'transactions.bank:t1')).toBe('000123456789');
    expect(decryptField([KEY, OTHER_KEY], current, 'transactions.bank:t1')).toBe('011000015');
    expect(decryptJson([KEY, OTHER_KEY], encryptJson(OTHER_KEY, { n: 1 }, 'c'), 'c')).toEqual({ n: 1 });
    expect(() => decryptField(KEY, previous, 'transactions.bank:t1')).toThrow(DecryptionError);
    // Another key never loosens the context binding.
    expect(() => decryptField([KEY, OTHER_KEY], previous, 'transactions.bank:t2')).toThrow(DecryptionError);
    expect(() => decryptField([], previous, 'transactions.bank:t1')).toThrow(RangeError);
  });

  it('refuses a key that is not 64 hex characters', () => {
    expect(() => encryptField('abc', 'x')).toThrow(RangeError);
    expect(() => encryptField('g'.repeat(64), 'x')).toThrow(RangeError);
    expect(() => decryptField('a'.repeat(63), encryptField(KEY, 'x'))).toThrow(RangeError);
    expect(() => decryptField([KEY, 'nope'], encryptField(KEY, 'x'))).toThrow(RangeError);
  });
});
