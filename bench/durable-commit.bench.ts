// What a flush per commit costs on the embedded default: N single-row INSERTs (each its own
// commit) on PGlite with a data folder, PGlite's stock settings (fsync off) against the durable
// filesystem of apps/api/src/db (docs/decisions/011), in alternating rounds on one folder each.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDurablePGlite } from '../apps/api/src/db/durable-pglite.ts';

const INSERTS = 500;
const ROUNDS = 3;

async function insertsPerSecond(client: PGlite): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < INSERTS; i++) await client.query('insert into bench (note) values ($1)', [`row ${i}`]);
  return INSERTS / ((performance.now() - started) / 1000);
}

export async function run() {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'assay-bench-commit-'));
  try {
    const stock = new PGlite(path.join(scratch, 'stock'));
    const durable = await openDurablePGlite(path.join(scratch, 'durable'));
    for (const client of [stock, durable]) await client.query('create table bench (id serial primary key, note text)');
    const figures = { stock: [] as number[], durable: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      figures.stock.push(await insertsPerSecond(stock));
      figures.durable.push(await insertsPerSecond(durable));
    }
    await stock.close();
    await durable.close();
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(`${INSERTS} single-row INSERTs x ${ROUNDS} rounds, median`);
    console.log(
      `PGlite stock (fsync off)       ${median(figures.stock).toFixed(0)} commits/s  (${(1000 / median(figures.stock)).toFixed(2)} ms each)`,
    );
    console.log(
      `durable (fsync per commit)     ${median(figures.durable).toFixed(0)} commits/s  (${(1000 / median(figures.durable)).toFixed(2)} ms each)`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
