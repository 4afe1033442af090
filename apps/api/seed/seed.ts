// `npm run db:seed`: puts the demo data into an empty database without starting the server.
import { buildApp } from '../src/app.ts';
import { bootDatabase } from '../src/boot.ts';
import { loadConfig } from '../src/config/index.ts';
import { describeDemoAccounts, seedDemoIfFresh } from '../src/modules/demo/demo.service.ts';

const config = loadConfig();
// The demo's passwords are published: production never gets its accounts (decision 022).
if (config.production) {
  console.error('npm run db:seed puts the demo accounts, whose passwords are published, into the database: never in production.');
  process.exit(78);
}
const booted = await bootDatabase(config);
try {
  const app = await buildApp({ config, secrets: booted.secrets, database: booted.database, logger: false });
  const seeded = await seedDemoIfFresh(booted.database.db, app.ctx.identity.auth, {
    encryptionKey: booted.secrets.encryptionKey,
    simulatedPrices: config.priceFeed.provider === 'simulated',
  });
  console.log(
    seeded ? ['Demo data seeded.', ...describeDemoAccounts()].join('\n') : 'The database already has users; nothing was seeded.',
  );
  await app.close();
} finally {
  await booted.release();
}
