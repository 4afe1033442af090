// Issue 3 "Speed": GET /api/pricing is served from memory between refreshes, so it must manage at
// least 0.9x (issue 15; 0.8x before) the requests per second of a bare Fastify route answering the
// same JSON. Both apps run side by side in this process on 127.0.0.1 and are measured in turn,
// twice, by autocannon in a process of its own (bench/support/run-load.ts), as the other benches
// do: in this process, parsing the answers' headers (the real app's security headers among them)
// would be the load generator's work counted against the server.
import Fastify from 'fastify';
import { createTestApp } from '../apps/api/test/support/test-app.ts';
import { load } from './support/run-load.ts';

// BENCH_SECONDS and BENCH_ROUNDS lengthen the run on a busy machine, where single runs swing a lot.
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 10;
const WARM_UP_S = 2;
export const PRICING_TARGET_RATIO = 0.9;

/** Throws on any failed request (run-load.ts). */
async function measure(url: string, duration = DURATION_S) {
  const result = await load(url, '', duration, CONNECTIONS);
  return { rps: result.rps, p99: result.p99, errors: result.errors + result.non2xx + result.timeouts };
}

export async function run() {
  const t = await createTestApp(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  const bare = Fastify({ logger: false });
  try {
    await t.app.pricing.refresh({ force: true });
    const realUrl = `${await t.app.listen({ host: '127.0.0.1', port: 0 })}/api/pricing`;
    const captured = await (await fetch(realUrl)).text();
    const rows = JSON.parse(captured) as unknown[];
    // The plain way to write the route: return the data and let Fastify serialize it.
    bare.get('/api/pricing', async () => rows);
    const bareUrl = `${await bare.listen({ host: '127.0.0.1', port: 0 })}/api/pricing`;
    const bareBody = await (await fetch(bareUrl)).text();
    if (bareBody !== captured) throw new Error('the bare route does not answer the same JSON');

    // Both get the same warm-up, so neither pays for the JIT inside a measured round.
    await measure(realUrl, WARM_UP_S);
    await measure(bareUrl, WARM_UP_S);
    const real: number[] = [];
    const baseline: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternate which goes first, so a drift in machine load does not favour one side.
      let r: Awaited<ReturnType<typeof measure>>;
      let b: Awaited<ReturnType<typeof measure>>;
      if (round % 2 === 1) {
        r = await measure(realUrl);
        b = await measure(bareUrl);
      } else {
        b = await measure(bareUrl);
        r = await measure(realUrl);
      }
      real.push(r.rps);
      baseline.push(b.rps);
      console.log(
        `round ${round}: real ${r.rps.toFixed(0)} req/s (p99 ${r.p99} ms, errors ${r.errors})  ` +
          `bare ${b.rps.toFixed(0)} req/s (p99 ${b.p99} ms, errors ${b.errors})  ratio ${(r.rps / b.rps).toFixed(2)}x`,
      );
    }
    const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
    const ratio = mean(real) / mean(baseline);
    console.log(
      `database: ${t.database.kind}, ${rows.length} rows, ${captured.length} bytes, ${DURATION_S}s x ${ROUNDS} each, ${CONNECTIONS} connections`,
    );
    console.log(`GET /api/pricing (real app)   ${mean(real).toFixed(0)} req/s`);
    console.log(`GET /api/pricing (bare route) ${mean(baseline).toFixed(0)} req/s`);
    console.log(
      `real / bare: ${ratio.toFixed(2)}x (target >= ${PRICING_TARGET_RATIO}x) ${ratio >= PRICING_TARGET_RATIO ? 'OK' : 'BELOW TARGET'}`,
    );
  } finally {
    await bare.close();
    await t.close();
  }
}
