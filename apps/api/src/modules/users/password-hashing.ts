// How passwords are hashed. Production always uses better-auth's own scrypt (N=16384, r=16), so the
// hashes stay better-auth's format and its upgrades apply. The test suite signs up hundreds of
// people, and that scrypt costs ~70 ms of CPU each time; NODE_ENV=test may choose a cheap scrypt in
// the same `salt:key` format instead (config.ts refuses it anywhere else).
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHashingMode } from '../../config.ts';

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

/** The hasher to hand better-auth; undefined means its own (the standard one). */
export function passwordHasherFor(mode: PasswordHashingMode): PasswordHasher | undefined {
  return mode === 'fast-for-tests-only' ? fastHasher : undefined;
}
