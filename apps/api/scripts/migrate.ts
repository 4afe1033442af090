// `npm run db:migrate` (`node apps/api/dist/migrate.js` on a built install): applies pending
// migrations without starting the server (every process also applies them at start, under a lock).
import { bootDatabase } from '../src/boot.ts';
import { loadConfig } from '../src/config/index.ts';
import { runCommand } from './run-command.ts';

async function main() {
  const booted = await bootDatabase(loadConfig());
  try {
    console.log(`Migrations applied (${booted.database.kind}).`);
    return 0;
  } finally {
    await booted.release();
  }
}

runCommand(main);
