// How passwords are hashed. Production always uses better-auth's own scrypt (N=16384, r=16), so the
// hashes stay better-auth's format and its upgrades apply. The test suite signs up hundreds of
// people, and that scrypt costs ~70 ms of CPU each time; NODE_ENV=test may choose a cheap scrypt in
// the same `salt:key` format instead (config.ts refuses it anywhere else).
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { PasswordHashingMode } from '../../config/index.ts';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/** A sixteenth of the memory and a thirty-second of the work of the standard parameters. */
const FAST_PARAMETERS = { N: 1024, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

function deriveKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, FAST_PARAMETERS, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

const fastHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await deriveKey(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await deriveKey(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};

/** better-auth's own scrypt, the one its default configuration uses. */
const standardHasher: PasswordHasher = { hash: hashPassword, verify: verifyPassword };

/**
 * The hasher of `mode`: one object per mode for the life of the process. better-auth is handed
 * functions that call it (`delegateTo`), so every hash and verification of the app goes through it.
 */
export function passwordHasherFor(mode: PasswordHashingMode): PasswordHasher {
  return mode === 'fast-for-tests-only' ? fastHasher : standardHasher;
}

export function delegateTo(hasher: PasswordHasher): PasswordHasher {
  return { hash: (password) => hasher.hash(password), verify: (input) => hasher.verify(input) };
}

const dummyHashes = new WeakMap<PasswordHasher, Promise<string>>();

/** The hash of a random password nobody knows, made once per hasher and process. */
function dummyHashOf(hasher: PasswordHasher): Promise<string> {
  let dummy = dummyHashes.get(hasher);
  if (!dummy) {
    dummy = hasher.hash(randomBytes(32).toString('hex'));
    dummy.catch(() => dummyHashes.delete(hasher));
    dummyHashes.set(hasher, dummy);
  }
  return dummy;
}

/**
 * Checks `password` against the dummy hash: the work of a wrong password, for an address that has
 * no password, so that the time an answer takes does not tell a registered e-mail from an
 * unregistered one. Always false.
 */
export async function verifyAgainstDummy(hasher: PasswordHasher, password: string): Promise<false> {
  await hasher.verify({ hash: await dummyHashOf(hasher), password });
  return false;
}

/** Made ahead, so that the first unknown address to sign in does not pay for the dummy hash. */
export function prepareDummyHash(hasher: PasswordHasher): void {
  dummyHashOf(hasher).catch(() => undefined);
}
