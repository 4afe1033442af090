// Which long-enough passwords are still among the first guessed: the listed common ones (breach
// frequency lists, common-passwords.ts), a character or a short pattern repeated, a run along the
// keyboard or the alphabet, and the person's own e-mail address. One rule for the sign-up and
// password forms (through newPasswordSchema) and for the server, which applies it wherever
// better-auth takes a new password.
import { COMMON_PASSWORD_LIST } from './common-passwords.ts';

let common: Set<string> | null = null;

function commonPasswords(): Set<string> {
  common ??= new Set(COMMON_PASSWORD_LIST.split('\n'));
  return common;
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common ones, so it would be among the first guessed. Please choose another.';
export const PATTERN_PASSWORD_MESSAGE =
  'This password is a repeated character or pattern, or a run along the keyboard, so it would be among the first guessed. Please choose another.';
export const EMAIL_PASSWORD_MESSAGE =
  'Your password must not be your e-mail address or the name in it: it would be among the first guessed. Please choose another.';

/**
 * Runs a guesser tries first: keyboard rows (row after row as well), keyboard columns, the
 * alphabet and the digits (wrapping 0 to 9 again). A password that reads along one of them,
 * forwards or backwards, is refused.
 */
const RUNS = [
  '`1234567890-=',
  'qwertyuiop[]\\',
  "asdfghjkl;'",
  'zxcvbnm,./',
  'qwertyuiopasdfghjklzxcvbnm',
  "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/-['=]",
  'qazwsxedcrfvtgbyhnujmikolp',
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890123456789',
];
const RUNS_BOTH_WAYS = RUNS.flatMap((run) => [run, [...run].reverse().join('')]);

/** One character, or a pattern of up to four, repeated: "aaaaaaaaaa", "abababababab", "1231231231". */
const REPEATED = /^(.{1,4})\1+.{0,3}$/su;

function lettersAndDigits(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The name part of the e-mail address (or the whole address), with digits and symbols added
 * around it: "Jane.Doe1990!" for jane.doe@example.com. Only for a name part of 3 letters or more,
 * so a short one does not forbid every password that contains it.
 */
function isEmailBased(password: string, email: string): boolean {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const name = (at > 0 ? address.slice(0, at) : address).replace(/[^\p{L}]/gu, '');
  if (name.length < 3) return false;
  const core = password.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  const coreLetters = core.replace(/[^\p{L}]/gu, '');
  return coreLetters === name || lettersAndDigits(password) === lettersAndDigits(address);
}

/**
 * Why `password` would be among the first guessed, as a sentence, or null when it is not. Only
 * the length rule (newPasswordSchema) is not checked here. `email`, when known, is the account's
 * address.
 */
export function passwordWeakness(password: string, email?: string): string | null {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return COMMON_PASSWORD_MESSAGE;
  if (REPEATED.test(lower) || RUNS_BOTH_WAYS.some((run) => run.includes(lower))) return PATTERN_PASSWORD_MESSAGE;
  if (email && isEmailBased(password, email)) return EMAIL_PASSWORD_MESSAGE;
  return null;
}
