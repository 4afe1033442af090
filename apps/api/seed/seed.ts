// `npm run db:seed` (`node apps/api/dist/seed.js` on a built install): puts the demo's sample data
// (its accounts, submissions in every status, the back office's history) into an empty database
// without starting the server. It is the demo's and nothing else: a real install seeds nothing, as
// payout rates start at the domain's starting rates and appraisers change them in the admin panel.
import { buildApp } from '../src/app.ts';
import { bootDatabase } from '../src/boot.ts';
import { loadConfig } from '../src/config/index.ts';
import { describeDemoAccounts, seedDemoIfFresh } from '../src/modules/demo/index.ts';
import { runCommand } from '../scripts/run-command.ts';

async function main() {
  const config = loadConfig();
  // The demo's passwords are published: production never gets its accounts (decision 022).
  if (config.production) {
    console.error(
      'The seed puts the demo accounts, whose passwords are published, into the database: never in production (NODE_ENV=production). A real install needs no seed.',
    );
    return 78;
  }
  const booted = await bootDatabase(config);
  try {
    const app = await buildApp({ config, secrets: booted.secrets, database: booted.database, logger: false });
    try {
      const seeded = await seedDemoIfFresh(booted.database.db, app.ctx.identity.auth, {
        encryptionKey: booted.secrets.encryptionKey,
        simulatedPrices: config.priceFeed.provider === 'simulated',
      });
      console.log(
        seeded
          ? ['Demo data seeded.', ...describeDemoAccounts()].join('\n')
          : 'The database already has users; nothing was seeded.',
      );
      return 0;
    } finally {
      await app.close();
    }
  } finally {
    await booted.release();
  }
}

runCommand(main);
