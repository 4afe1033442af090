// Secrets the environment does not give are generated once and kept in a file of their own in
// SECRETS_DIR, outside the data folder, so that a copy of the data folder alone cannot decrypt the
// bank numbers in it. The file is named after an id written into the data folder at its first
// start: the folder finds its key again after a move or a restore on the same machine, and a new
// data folder never shares a key with another by accident (docs/decisions/014).
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import type { Config, Secrets } from '../config/index.ts';

const FOLDER_ID_FILE = 'folder-id';
/** Where Assay kept generated secrets before they moved out of the data folder. */
const LEGACY_SECRETS_FILE = 'secrets.json';
const FOLDER_ID = /^[0-9a-f]{32}$/;

/** A secrets or folder-id file Assay cannot use as it is; the message says what to do. */
export class SecretsFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretsFileError';
  }
}

interface StoredSecrets {
  sessionSecret?: string;
  encryptionKey?: string;
}

export interface ResolvedSecrets {
  secrets: Secrets;
  /** The file holding the generated secrets; undefined when the environment gives them all. */
  file: string | undefined;
}

export function resolveSecrets(config: Config): ResolvedSecrets {
  const fromEnvironment = config.sessionSecret !== undefined && config.encryptionKey !== undefined;
  const legacyFile = path.join(config.dataDir, LEGACY_SECRETS_FILE);
  if (fromEnvironment && !existsSync(legacyFile)) {
    return { secrets: withPreviousKeys(config, config.sessionSecret!, config.encryptionKey!), file: undefined };
  }

  const file = secretsFileFor(config);
  // Even when the environment now gives both secrets, an old generated key must not stay beside
  // the data it decrypts.
  if (existsSync(legacyFile)) moveLegacySecrets(legacyFile, file);
  if (fromEnvironment)
    return { secrets: withPreviousKeys(config, config.sessionSecret!, config.encryptionKey!), file: undefined };

  const stored = readSecretsFile(file) ?? {};
  const wanted: StoredSecrets = {
    sessionSecret: stored.sessionSecret ?? (config.sessionSecret ? undefined : randomBytes(32).toString('base64url')),
    encryptionKey: stored.encryptionKey ?? (config.encryptionKey ? undefined : randomBytes(32).toString('hex')),
  };
  const changed = wanted.sessionSecret !== stored.sessionSecret || wanted.encryptionKey !== stored.encryptionKey;
  const kept = changed ? storeSecrets(file, wanted, existsSync(file)) : stored;
  return {
    secrets: withPreviousKeys(config, config.sessionSecret ?? kept.sessionSecret!, config.encryptionKey ?? kept.encryptionKey!),
    file,
  };
}

function withPreviousKeys(config: Config, sessionSecret: string, encryptionKey: string): Secrets {
  return {
    sessionSecret,
    encryptionKey,
    previousEncryptionKeys: config.previousEncryptionKeys.filter((key) => key !== encryptionKey.toLowerCase()),
  };
}

/** SECRETS_DIR/<folder id>.json, creating the data folder's id at its first start. */
export function secretsFileFor(config: Pick<Config, 'dataDir' | 'secretsDir'>): string {
  mkdirSync(config.dataDir, { recursive: true });
  mkdirSync(config.secretsDir, { recursive: true, mode: 0o700 });
  return path.join(config.secretsDir, `${folderId(config.dataDir)}.json`);
}

function folderId(dataDir: string): string {
  const file = path.join(dataDir, FOLDER_ID_FILE);
  if (!existsSync(file)) createDurably(file, `${randomBytes(16).toString('hex')}\n`);
  const id = readFileSync(file, 'utf8').trim();
  if (!FOLDER_ID.test(id)) {
    throw new SecretsFileError(
      `${file} is damaged. It names this data folder's secrets file in SECRETS_DIR; restore it from a backup ` +
        '(or delete it together with the data folder to start over).',
    );
  }
  return id;
}

function readSecretsFile(file: string): StoredSecrets | undefined {
  if (!existsSync(file)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new SecretsFileError(`${file} cannot be read as JSON. Restore it from a backup: it holds this data folder's keys.`);
  }
  const value = (parsed ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof value[key] === 'string' && value[key] !== '' ? (value[key] as string) : undefined);
  const stored = { sessionSecret: text('sessionSecret'), encryptionKey: text('encryptionKey') };
  if (stored.encryptionKey !== undefined && !/^[0-9a-f]{64}$/i.test(stored.encryptionKey)) {
    throw new SecretsFileError(`${file} holds an encryptionKey that is not 64 hex characters. Restore it from a backup.`);
  }
  return stored;
}

/** Writes the secrets; when creating, a file another process created first wins and is returned. */
function storeSecrets(file: string, secrets: StoredSecrets, replace: boolean): StoredSecrets {
  const text = `${JSON.stringify({ sessionSecret: secrets.sessionSecret, encryptionKey: secrets.encryptionKey }, null, 2)}\n`;
  if (replace) replaceDurably(file, text);
  else createDurably(file, text);
  return readSecretsFile(file)!;
}

/**
 * DATA_DIR/secrets.json from an older Assay: copy it to SECRETS_DIR, flushed to disk and read back,
 * and only then remove it from the data folder, so that a crash at any point loses no key.
 */
function moveLegacySecrets(legacyFile: string, file: string): void {
  const legacy = readSecretsFile(legacyFile)!;
  const existing = readSecretsFile(file);
  const differs = (key: keyof StoredSecrets) =>
    existing?.[key] !== undefined && legacy[key] !== undefined && existing[key] !== legacy[key];
  if (differs('sessionSecret') || differs('encryptionKey')) {
    throw new SecretsFileError(
      `Two different sets of secrets belong to this data folder: ${legacyFile} (kept by an older Assay) and ${file}. ` +
        'Keep the one whose key encrypted this data, delete the other, and start again.',
    );
  }
  const merged = { ...legacy, ...existing };
  if (!existing) storeSecrets(file, merged, false);
  else if (merged.sessionSecret !== existing.sessionSecret || merged.encryptionKey !== existing.encryptionKey) {
    storeSecrets(file, merged, true);
  }
  const copied = readSecretsFile(file)!;
  if (copied.sessionSecret !== merged.sessionSecret || copied.encryptionKey !== merged.encryptionKey) {
    throw new SecretsFileError(`${file} did not read back as written; ${legacyFile} was left where it is.`);
  }
  rmSync(legacyFile);
  fsyncDirectory(path.dirname(legacyFile));
}

/** Creates `file` with `text` all or nothing; if another process created it first, theirs stays. */
function createDurably(file: string, text: string): void {
  const temporary = writeTemporary(file, text);
  try {
    linkSync(temporary, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(temporary, { force: true });
  }
  fsyncDirectory(path.dirname(file));
}

function replaceDurably(file: string, text: string): void {
  renameSync(writeTemporary(file, text), file);
  fsyncDirectory(path.dirname(file));
}

function writeTemporary(file: string, text: string): string {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return temporary;
}

function fsyncDirectory(dir: string): void {
  // Windows cannot open a directory to flush it; its renames are durable on their own.
  if (process.platform === 'win32') return;
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
