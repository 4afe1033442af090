// Length alone lets "password123" and "qwertyuiop" through; the passwords people really pick first
// are the first ones guessed. The list is zxcvbn-ts's common-password dictionary (about 49,000 from
// real breaches), loaded once, server-side only (it would double the sign-up page's download).
import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | null = null;

function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones, so it would be among the first guessed. Please choose another.';

/** Case does not make a listed password safer: "Password123" is guessed as soon as "password123". */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
