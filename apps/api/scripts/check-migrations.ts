// Fails when the Drizzle schema and the committed migrations differ: drizzle-kit generates into a
// scratch copy of the migrations, and any new file means someone forgot `npm run db:generate`.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const committed = 'src/db/drizzle';
const scratch = mkdtempSync(path.join(os.tmpdir(), 'assay-migrations-'));
try {
  cpSync(committed, scratch, { recursive: true });
  const before = new Set(readdirSync(scratch));
  execFileSync(
    'npx',
    [
      'drizzle-kit',
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/db/schema/index.ts',
      '--out',
      scratch,
      '--name',
      'pending',
    ],
    { stdio: 'pipe' },
  );
  const added = readdirSync(scratch).filter((f) => !before.has(f));
  if (added.length > 0) {
    console.error(`The schema has changes without a migration (${added.join(', ')}). Run: npm run db:generate`);
    process.exit(1);
  }
  console.log('Migrations match the schema.');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
