// Process entry: read configuration, boot, listen, and close gracefully so that no acknowledged
// request is cut off and the data folder is released.
import { buildApp } from './app.ts';
import { bootDatabase, isDemoMode } from './boot.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './lib/data-dir-lock.ts';
import { SecretsFileError } from './lib/generated-secrets.ts';
import { describeDemoAccounts, seedDemoIfFresh } from './modules/demo/demo.service.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }

  let booted;
  try {
    booted = await bootDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(75);
    }
    if (err instanceof SecretsFileError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }

  const app = await buildApp({ config, secrets: booted.secrets, database: booted.database });
  const demo = isDemoMode(config);
  if (demo && (await seedDemoIfFresh(booted.database.db, app.auth, {
    encryptionKey: booted.secrets.encryptionKey,
    simulatedPrices: config.priceFeed.provider === 'simulated',
  }))) app.log.info('demo data seeded');

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await booted.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const where = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Assay is running at ${where}`,
    `  database: ${booted.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  e-mail:   ${config.mail.smtpUrl ? 'sent over SMTP' : 'kept in the outbox table (set SMTP_URL to send)'}`,
  ];
  if (demo) lines.push(...describeDemoAccounts());
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
