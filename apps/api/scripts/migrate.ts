// `npm run db:migrate`: applies pending migrations without starting the server (they also run at start).
import { bootDatabase } from '../src/boot.ts';
import { loadConfig } from '../src/config/index.ts';

const booted = await bootDatabase(loadConfig());
console.log(`Migrations applied (${booted.database.kind}).`);
await booted.release();
