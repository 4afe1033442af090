// `npm run sanctions:load -- sdn.csv alt.csv add.csv [--published YYYY-MM-DD]` (`node
// apps/api/dist/sanctions-load.js ...` on a built install): loads OFAC's SDN list and makes it the one
// sellers are screened against (modules/compliance/sanctions).
import { bootDatabase } from '../src/boot.ts';
import { loadConfig } from '../src/config/index.ts';
import { runSanctionsLoad, SANCTIONS_LOAD_USAGE } from '../src/modules/compliance/sanctions/sanctions-load.command.ts';
import { runCommand } from './run-command.ts';

async function main(argv: string[]) {
  if (argv.length === 0 || argv.includes('--help')) {
    console.error(SANCTIONS_LOAD_USAGE);
    return 64;
  }
  const booted = await bootDatabase(loadConfig());
  try {
    return await runSanctionsLoad(booted.database.db, argv, {
      // npm runs the script in apps/api; the operator's paths are relative to where they typed it.
      // Run by node itself, INIT_CWD may be left over from some npm further up, so it is not read.
      cwd: (process.env.npm_lifecycle_event === 'sanctions:load' && process.env.INIT_CWD) || process.cwd(),
      now: new Date(),
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await booted.release();
  }
}

runCommand(main);
