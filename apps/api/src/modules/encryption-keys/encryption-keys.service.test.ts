import { describe, expect, it } from 'vitest';
import { decryptField, encryptField } from '../../lib/crypto.ts';
import { describeRotation, reencrypt } from './encryption-keys.service.ts';

const OLD = '1'.repeat(64);
const NEW = '2'.repeat(64);
const STRANGER = '3'.repeat(64);
const CONTEXT = 'kyc_records.encrypted_id_number:k1';

describe('reencrypt', () => {
  it('moves a value written with a previous key to the current key, same text, same context', () => {
    const outcome = reencrypt(encryptField(OLD, 'X1234567', CONTEXT), CONTEXT, { current: NEW, previous: [STRANGER, OLD] });
    expect(outcome.state).toBe('rotated');
    const value = (outcome as { value: string }).value;
    expect(decryptField(NEW, value, CONTEXT)).toBe('X1234567');
    expect(() => decryptField(OLD, value, CONTEXT)).toThrow();
    expect(() => decryptField(NEW, value, 'kyc_records.encrypted_id_number:k2')).toThrow();
  });

  it('leaves a value already on the current key alone, and reports one no key opens', () => {
    expect(reencrypt(encryptField(NEW, 'X', CONTEXT), CONTEXT, { current: NEW, previous: [OLD] })).toEqual({ state: 'current' });
    expect(reencrypt(encryptField(STRANGER, 'X', CONTEXT), CONTEXT, { current: NEW, previous: [OLD] })).toEqual({
      state: 'unreadable',
    });
    // A value copied from another row stays refused, whatever the keys.
    expect(reencrypt(encryptField(OLD, 'X', 'other'), CONTEXT, { current: NEW, previous: [OLD] })).toEqual({
      state: 'unreadable',
    });
    expect(reencrypt('not a ciphertext', CONTEXT, { current: NEW, previous: [OLD] })).toEqual({ state: 'unreadable' });
  });
});

describe('describeRotation', () => {
  const column = 'transactions.encrypted_bank_details';

  it('counts per column and says when the previous keys can go', () => {
    expect(describeRotation([{ column, rotated: 3, alreadyCurrent: 2, unreadable: [] }], true)).toEqual([
      `${column}: 3 re-encrypted with the current key, 2 already on the current key, 0 unreadable`,
      'Every encrypted value opens with ENCRYPTION_KEY alone: no previous key is needed any more (ENCRYPTION_KEYS_PREVIOUS can go).',
    ]);
    expect(describeRotation([{ column, rotated: 3, alreadyCurrent: 2, unreadable: [] }], false)).toEqual([
      `${column}: 3 on a previous key, 2 already on the current key, 0 unreadable`,
      'Run `npm run keys -- rotate` to move them to ENCRYPTION_KEY.',
    ]);
  });

  it('names the rows no key opens, ten at most', () => {
    const unreadable = Array.from({ length: 12 }, (_, i) => `t${i}`);
    const lines = describeRotation([{ column, rotated: 0, alreadyCurrent: 0, unreadable }], true);
    expect(lines[1]).toMatch(
      /^12 value\(s\) open with none of the configured keys \(transactions.encrypted_bank_details t0, .*t9 and 2 more\)/,
    );
    expect(lines[1]).toMatch(/Add the key that wrote them to ENCRYPTION_KEYS_PREVIOUS/);
    expect(lines[1]).not.toContain('t10');
  });
});
