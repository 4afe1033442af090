// The list shipped in the domain is zxcvbn-ts's, cut to what the length rule lets through: after
// upgrading the package, this fails until scripts/common-passwords.mjs has written it again.
import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from './api/account.ts';
import { COMMON_PASSWORD_LIST } from './common-passwords.ts';

describe('COMMON_PASSWORD_LIST', () => {
  it("is zxcvbn-ts's common passwords long enough to pass the length rule", () => {
    const expected = [
      ...new Set(
        (dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()).filter((p) => p.length >= PASSWORD_MIN_LENGTH),
      ),
    ];
    expect(COMMON_PASSWORD_LIST.split('\n')).toEqual(expected);
  });
});
