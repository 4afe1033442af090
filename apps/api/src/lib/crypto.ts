// Field encryption for what must never sit in the database in clear text: full bank account and
// routing numbers, ID document numbers (DECISIONS "Payouts"). AES-256-GCM with a fresh random
// 12-byte IV per value; the 16-byte tag detects any change to the stored text.
//
// Stored format: 'v1:<iv>:<tag>:<data>', each part base64url. The version prefix lets a later key
// or algorithm live beside old values. An optional context string (for example
// 'transactions.bank:<id>') is bound as additional authenticated data, so a ciphertext copied to
// another row or column fails to decrypt instead of quietly paying someone else.
//
// Key rotation: values are always written with the current key, and read with whichever of the
// current and previous keys fits. The GCM tag already tells a wrong key apart, so the stored format
// needs no key id and 'v1' rows written before rotation existed stay as they are
// (docs/decisions/014-secrets-and-production-config.md).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Thrown when a stored value cannot be read back: changed, truncated, or another key/context. */
export class DecryptionError extends Error {
  constructor(message = 'An encrypted value could not be read: it was changed, or the key is wrong.') {
    super(message);
    this.name = 'DecryptionError';
  }
}

function keyBytes(hexKey: string): Buffer {
  if (!/^[0-9a-f]{64}$/i.test(hexKey)) throw new RangeError('The encryption key must be 64 hex characters (32 bytes).');
  return Buffer.from(hexKey, 'hex');
}

export function encryptField(hexKey: string, plaintext: string, context = ''): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, keyBytes(hexKey), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join(':');
}

/** The keys a value may have been written with: one key, or the current key then previous ones. */
export type DecryptionKeys = string | readonly string[];

export function decryptField(keys: DecryptionKeys, stored: string, context = ''): string {
  const candidates = (typeof keys === 'string' ? [keys] : keys).map(keyBytes);
  if (candidates.length === 0) throw new RangeError('At least one decryption key is needed.');
  const parts = stored.split(':');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new DecryptionError('An encrypted value has an unknown format.');
  const [, ivText, tagText, dataText] = parts as [string, string, string, string];
  if (![ivText, tagText, dataText].every((p) => BASE64URL.test(p)))
    throw new DecryptionError('An encrypted value has an unknown format.');
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new DecryptionError('An encrypted value has an unknown format.');
  const data = Buffer.from(dataText, 'base64url');
  for (const key of candidates) {
    const plaintext = openWithKey(key, iv, tag, data, context);
    if (plaintext !== null) return plaintext;
  }
  throw new DecryptionError();
}

/** Null when this key (or the context) is not the one the value was sealed with. */
function openWithKey(key: Buffer, iv: Buffer, tag: Buffer, data: Buffer, context: string): string | null {
  try {
    const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** JSON values (bank details) through the same cipher. */
export function encryptJson(hexKey: string, value: unknown, context = ''): string {
  return encryptField(hexKey, JSON.stringify(value), context);
}

export function decryptJson<T>(keys: DecryptionKeys, stored: string, context = ''): T {
  return JSON.parse(decryptField(keys, stored, context)) as T;
}
