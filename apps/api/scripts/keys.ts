// `npm run keys -- new | check | rotate`: field-encryption keys, from the shell of whoever runs the
// server (docs/decisions/014-secrets-and-production-config.md has the whole rotation procedure).
import { randomBytes } from 'node:crypto';
import { bootDatabase } from '../src/boot.ts';
import { loadConfig } from '../src/config/index.ts';
import { describeRotation, rotateEncryptedValues } from '../src/modules/encryption-keys/encryption-keys.service.ts';
import { runCommand } from './run-command.ts';

const usage = [
  'Usage: npm run keys -- new | check | rotate',
  '  new     print a fresh random key for ENCRYPTION_KEY',
  '  check   count the encrypted values on ENCRYPTION_KEY, on ENCRYPTION_KEYS_PREVIOUS and on neither; change nothing',
  '  rotate  re-encrypt every value still on a previous key with ENCRYPTION_KEY (safe to run again)',
].join('\n');

async function main(argv: string[]) {
  const [command] = argv;
  if (command === 'new') {
    console.log(randomBytes(32).toString('hex'));
    return 0;
  }
  if (command !== 'check' && command !== 'rotate') {
    console.error(usage);
    return 64;
  }
  const booted = await bootDatabase(loadConfig());
  try {
    const write = command === 'rotate';
    const keys = { current: booted.secrets.encryptionKey, previous: booted.secrets.previousEncryptionKeys };
    const reports = await rotateEncryptedValues(booted.database.db, keys, { write });
    console.log(describeRotation(reports, write).join('\n'));
    return reports.some((r) => r.unreadable.length > 0) ? 1 : 0;
  } finally {
    await booted.release();
  }
}

runCommand(main);
