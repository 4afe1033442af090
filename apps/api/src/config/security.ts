// Secrets, keys and sign-in: where generated secrets are kept, the session and encryption keys,
// the administrators, single sign-on, password hashing and the appraisers' second factor.
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { emptyToUndefined, optionalString, optionalUrl, splitList } from './env.ts';

const HEX_KEY = /^[0-9a-f]{64}$/i;

/** modules/users/password-hashing.ts says what each means. */
export const passwordHashingModes = ['standard', 'fast-for-tests-only'] as const;
export type PasswordHashingMode = (typeof passwordHashingModes)[number];
export const staffTwoFactorModes = ['required', 'optional'] as const;
export type StaffTwoFactorMode = (typeof staffTwoFactorModes)[number];

export const securityEnv = {
  SECRETS_DIR: optionalString,
  XDG_CONFIG_HOME: optionalString,
  HOME: optionalString,
  ADMIN_EMAILS: z.preprocess(emptyToUndefined, z.string().default('')),
  SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional()),
  ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z.string().regex(HEX_KEY, 'ENCRYPTION_KEY must be 64 hex characters (32 bytes)').optional(),
  ),
  ENCRYPTION_KEYS_PREVIOUS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      // The message never repeats the value: it is a key.
      .refine((value) => splitList(value).every((key) => HEX_KEY.test(key)), {
        message: 'ENCRYPTION_KEYS_PREVIOUS must be keys of 64 hex characters, separated by commas',
      })
      .optional(),
  ),
  OIDC_ISSUER: optionalUrl('OIDC_ISSUER'),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  PASSWORD_HASHING: z.preprocess(emptyToUndefined, z.enum(passwordHashingModes).default('standard')),
  // Unset: required in production, optional elsewhere (see `staffTwoFactor` below).
  STAFF_TWO_FACTOR: z.preprocess(emptyToUndefined, z.enum(staffTwoFactorModes).optional()),
};

export /** Where generated secrets live by default: the user's config folder, never the data folder. */
function defaultSecretsDir(e: { XDG_CONFIG_HOME?: string; HOME?: string }): string {
  const configHome =
    e.XDG_CONFIG_HOME && path.isAbsolute(e.XDG_CONFIG_HOME) ? e.XDG_CONFIG_HOME : path.join(e.HOME ?? os.homedir(), '.config');
  return path.join(configHome, 'assay', 'secrets');
}

function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

export /** A copy of the data folder alone must not be able to decrypt it. */
function secretsLocationProblems(dataDir: string, secretsDir: string): string[] {
  if (!isInside(dataDir, secretsDir)) return [];
  return [
    `SECRETS_DIR: generated secrets would be kept in ${secretsDir}, inside DATA_DIR (${dataDir}); ` +
      'a copy of the data folder must not carry its own key: set SECRETS_DIR to a folder outside DATA_DIR',
  ];
}

export interface Secrets {
  sessionSecret: string;
  /** Encrypts every new value. */
  encryptionKey: string;
  /** Still decrypt older values, until `npm run keys -- rotate` has re-encrypted them. */
  previousEncryptionKeys: string[];
}

/** The keys an encrypted value may be read with: the current key first. */
export function decryptionKeys(secrets: Secrets): string[] {
  return [secrets.encryptionKey, ...secrets.previousEncryptionKeys];
}
