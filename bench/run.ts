// `npm run bench`: runs every bench/*.bench.ts in turn (or those named on the command line) and
// prints their figures. Benchmarks measure; tests never time anything.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const mod = (await import(path.join(dir, file))) as { run(): Promise<void> };
  await mod.run();
}
