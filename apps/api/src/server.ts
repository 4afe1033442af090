// Process entry: read configuration, boot, listen, and on SIGTERM/SIGINT drain within
// SHUTDOWN_TIMEOUT_SECONDS (lib/graceful-shutdown.ts) so that no accepted request is cut off and the
// database and data folder are released last.
import { buildApp } from './app.ts';
import { bootDatabase, demoModeFacts, loadConfigOrExit } from './boot.ts';
import { DataDirLockedError } from './lib/data-dir-lock.ts';
import { gracefulHttpShutdown } from './lib/graceful-shutdown.ts';
import { SecretsFileError } from './lib/generated-secrets.ts';
import {
  decideDemoMode,
  demoAccountsExist,
  describeDemoAccounts,
  seedDemoIfFresh,
  seededDemoExposure,
} from './modules/demo/index.ts';
import { startupBanner } from './startup-banner.ts';
import { surviveDatabaseOutages } from './lib/unhandled-rejections.ts';

async function main() {
  const config = loadConfigOrExit();

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

  const facts = demoModeFacts(config);
  const demoMode = decideDemoMode(facts);
  const exposure = seededDemoExposure(facts, demoMode, await demoAccountsExist(booted.database.db));
  if (exposure) {
    console.error(exposure);
    await booted.release();
    process.exit(78);
  }
  const demo = demoMode.demo;
  const app = await buildApp({ config, secrets: booted.secrets, database: booted.database, demo });
  surviveDatabaseOutages(app.log);
  if (
    demo &&
    (await seedDemoIfFresh(booted.database.db, app.ctx.identity.auth, {
      encryptionKey: booted.secrets.encryptionKey,
      simulatedPrices: config.priceFeed.provider === 'simulated',
      photos: app.ctx,
      backOffice: app.ctx,
      terms: { insuredLimitCents: config.insuredLimitCents, guarantee: config.guarantee },
    }))
  )
    app.log.info('demo data seeded');

  const shutdown = gracefulHttpShutdown(app, { timeoutMs: config.shutdownTimeoutMs, closeLast: () => booted.release() });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const host = demoMode.host;
  await app.listen({ host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = ['', ...startupBanner({ config, host, port, demoMode, secretsFile: booted.secretsFile })];
  if (demo) lines.push(...describeDemoAccounts(config.mail.smtpUrl ? undefined : `http://localhost:${port}/demo/mail`));
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
