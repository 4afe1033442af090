import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.ts';
import { resolveSecrets, SecretsFileError } from './generated-secrets.ts';

const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);

/** A data folder and a config home of its own, so no test touches the real ~/.config. */
function scratch() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'assay-secrets-'));
  const dataDir = path.join(root, 'data');
  const configHome = path.join(root, 'config');
  const load = (env: Record<string, string> = {}, dir = dataDir) =>
    loadConfig({ DATA_DIR: dir, XDG_CONFIG_HOME: configHome, ...env });
  return { root, dataDir, configHome, load };
}

/** Every file under `dir`, as text. */
function contentsOf(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

describe('resolveSecrets', () => {
  it('generates secrets once and keeps them outside the data folder', () => {
    const { dataDir, configHome, load } = scratch();
    const first = resolveSecrets(load());
    const second = resolveSecrets(load());
    expect(first).toEqual(second);
    expect(first.secrets.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.secrets.encryptionKey).toMatch(/^[0-9a-f]{64}$/);
    expect(path.dirname(first.file!)).toBe(path.join(configHome, 'assay', 'secrets'));
    expect(JSON.parse(readFileSync(first.file!, 'utf8'))).toMatchObject({
      sessionSecret: first.secrets.sessionSecret,
      encryptionKey: first.secrets.encryptionKey,
    });
    expect(statSync(first.file!).mode & 0o077).toBe(0);
    // A copy of the data folder alone carries no secret.
    expect(readdirSync(dataDir)).toEqual(['folder-id']);
    expect(contentsOf(dataDir)).not.toContain(first.secrets.encryptionKey);
    expect(contentsOf(dataDir)).not.toContain(first.secrets.sessionSecret);
  });

  it('finds the key of a moved data folder again, and gives a new data folder a key of its own', () => {
    const { root, dataDir, load } = scratch();
    const before = resolveSecrets(load());
    const moved = path.join(root, 'moved-data');
    renameSync(dataDir, moved);
    expect(resolveSecrets(load({}, moved)).secrets).toEqual(before.secrets);
    const other = resolveSecrets(load({}, path.join(root, 'other-data')));
    expect(other.secrets.encryptionKey).not.toBe(before.secrets.encryptionKey);
    expect(other.file).not.toBe(before.file);
  });

  it('never writes secrets given in the environment to disk', () => {
    const { configHome, load } = scratch();
    const given = 'x'.repeat(40);
    const resolved = resolveSecrets(load({ SESSION_SECRET: given }));
    expect(resolved.secrets.sessionSecret).toBe(given);
    expect(readFileSync(resolved.file!, 'utf8')).not.toContain(given);
    const both = resolveSecrets(load({ SESSION_SECRET: given, ENCRYPTION_KEY: KEY_A }));
    expect(both).toEqual({
      secrets: { sessionSecret: given, encryptionKey: KEY_A, previousEncryptionKeys: [] },
      file: undefined,
    });
    expect(contentsOf(configHome)).not.toContain(KEY_A);
  });

  it('hands over ENCRYPTION_KEYS_PREVIOUS for reading, never the current key twice', () => {
    const { load } = scratch();
    const env = {
      SESSION_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: KEY_B,
      ENCRYPTION_KEYS_PREVIOUS: `${KEY_A}, ${KEY_B.toUpperCase()}`,
    };
    expect(resolveSecrets(load(env)).secrets.previousEncryptionKeys).toEqual([KEY_A]);
  });

  it("moves an older install's DATA_DIR/secrets.json out of the data folder, keeping its keys", () => {
    const { dataDir, load } = scratch();
    mkdirSync(dataDir, { recursive: true });
    const legacy = { sessionSecret: 's'.repeat(43), encryptionKey: KEY_A };
    writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify(legacy));
    const resolved = resolveSecrets(load());
    expect(resolved.secrets).toEqual({ ...legacy, previousEncryptionKeys: [] });
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
    expect(contentsOf(dataDir)).not.toContain(KEY_A);
    expect(JSON.parse(readFileSync(resolved.file!, 'utf8'))).toMatchObject(legacy);
    expect(resolveSecrets(load()).secrets).toEqual(resolved.secrets);
  });

  it('moves the old file out even when the environment now gives both secrets', () => {
    const { dataDir, load } = scratch();
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify({ sessionSecret: 's'.repeat(43), encryptionKey: KEY_A }));
    const resolved = resolveSecrets(load({ SESSION_SECRET: 'x'.repeat(40), ENCRYPTION_KEY: KEY_B }));
    expect(resolved.secrets.encryptionKey).toBe(KEY_B);
    expect(existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
    expect(contentsOf(dataDir)).not.toContain(KEY_A);
  });

  it('refuses to choose between an old secrets.json and different secrets already kept for the folder', () => {
    const { root, dataDir, load } = scratch();
    const kept = resolveSecrets(load());
    // A backup of the folder from another install, restored over this one.
    const backup = path.join(root, 'backup');
    cpSync(dataDir, backup, { recursive: true });
    writeFileSync(path.join(backup, 'secrets.json'), JSON.stringify({ sessionSecret: 's'.repeat(43), encryptionKey: KEY_B }));
    expect(() => resolveSecrets(load({}, backup))).toThrow(SecretsFileError);
    expect(() => resolveSecrets(load({}, backup))).toThrow(/Keep the one whose key encrypted this data/);
    expect(existsSync(path.join(backup, 'secrets.json'))).toBe(true);
    expect(JSON.parse(readFileSync(kept.file!, 'utf8')).encryptionKey).toBe(kept.secrets.encryptionKey);
  });

  it('says what to do about a damaged folder id or secrets file', () => {
    const { dataDir, load } = scratch();
    const { file } = resolveSecrets(load());
    writeFileSync(file!, '{ not json');
    expect(() => resolveSecrets(load())).toThrow(/cannot be read as JSON/);
    writeFileSync(path.join(dataDir, 'folder-id'), 'nonsense\n');
    expect(() => resolveSecrets(load())).toThrow(/folder-id is damaged/);
  });
});
