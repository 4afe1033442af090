// Issue 15 item 2, the measurement: a signed-in client's GET /api/submissions, GET /api/auth/user
// and the appraiser's first mailbox page, served by Assay and, side by side in the same run on the
// same PostgreSQL database and rows, by a baseline of the typical stack (bench/typical-stack:
// Express 5, express-session, connect-pg-simple, pg). Target: Assay >= 2.0x the baseline's req/s.
//
// Processes: Assay (bench/support/assay-server.ts), the baseline (bench/typical-stack/server.ts)
// and each autocannon run (bench/support/load.ts) are children of this one, so each server has an
// event loop of its own and neither shares one with the load generator or the harness. Assay
// builds its scratch database (createTestApp on DATABASE_URL's server) and seeds it; the baseline
// connects to that same database. Before measuring, one answer of each side is compared: the same
// JSON (keys in any order), or the bench throws. Any non-2xx answer or socket error throws too.
// Needs DATABASE_URL.
import path from 'node:path';
import { type ServerChild, startServerChild } from './support/child.ts';
import type { AssayReady } from './support/assay-server.ts';
import type { LoadResult } from './support/load.ts';
import { load as runLoad } from './support/run-load.ts';

// BENCH_SECONDS and BENCH_ROUNDS lengthen the run on a busy machine, where single runs swing a lot.
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 10;
const WARM_UP_S = 2;
export const SIGNED_IN_TARGET_RATIO = 2.0;
const MAILBOX_PAGE = 25;

const here = import.meta.dirname;

/** One autocannon run in a process of its own, at this bench's connections. */
const load = (url: string, cookie: string, seconds: number) => runLoad(url, cookie, seconds, CONNECTIONS);

/** JSON with every object's keys sorted, so two answers compare by content. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

async function answerOf(url: string, cookie: string) {
  const res = await fetch(url, { headers: { cookie } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text}`);
  return { text, json: JSON.parse(text) as unknown };
}

interface Route {
  name: string;
  path: string;
  assayCookie: string;
  baselineCookie: string;
  /** The list whose ids, order and count must match. */
  list(json: unknown): { id: string }[];
}

/** Both answer the same: the list's ids in order first (the clearer message), then every field. */
async function sameAnswer(route: Route, assayUrl: string, baselineUrl: string) {
  const assay = await answerOf(assayUrl + route.path, route.assayCookie);
  const baseline = await answerOf(baselineUrl + route.path, route.baselineCookie);
  const ids = (json: unknown) => route.list(json).map((item) => item.id);
  const [a, b] = [ids(assay.json), ids(baseline.json)];
  if (a.join() !== b.join()) {
    throw new Error(`${route.name}: the lists differ (Assay ${a.length} ids, baseline ${b.length}; first ${a[0]} vs ${b[0]})`);
  }
  if (canonical(assay.json) !== canonical(baseline.json)) {
    const [ca, cb] = [canonical(assay.json), canonical(baseline.json)];
    let at = 0;
    while (ca[at] === cb[at]) at += 1;
    throw new Error(
      `${route.name}: the answers differ at character ${at}:\n  Assay:    ...${ca.slice(Math.max(0, at - 80), at + 80)}\n` +
        `  baseline: ...${cb.slice(Math.max(0, at - 80), at + 80)}`,
    );
  }
  return { items: a.length, assayBytes: assay.text.length, baselineBytes: baseline.text.length };
}

async function baselineSignIn(baselineUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baselineUrl}/bench/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (res.status !== 200) throw new Error(`baseline sign-in: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
const max = (xs: number[]) => Math.max(...xs);
const verdict = (ratio: number) => (ratio >= SIGNED_IN_TARGET_RATIO ? 'PASS' : 'BELOW');

export async function run() {
  if (!process.env.DATABASE_URL) {
    console.log('skipped: the signed-in benchmark needs PostgreSQL. Run it with');
    console.log('  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- signed-in');
    return;
  }
  let assay: ServerChild<AssayReady> | undefined;
  let baseline: ServerChild<{ url: string }> | undefined;
  try {
    assay = await startServerChild<AssayReady>(path.join(here, 'support/assay-server.ts'));
    const seeded = assay.ready;
    baseline = await startServerChild<{ url: string }>(path.join(here, 'typical-stack/server.ts'), {
      TYPICAL_STACK_DATABASE_URL: seeded.databaseUrl,
    });
    const assayUrl = seeded.url;
    const baselineUrl = baseline.ready.url;
    const clientCookie = await baselineSignIn(baselineUrl, seeded.client.email);
    const adminCookie = await baselineSignIn(baselineUrl, seeded.admin.email);

    const asList = (json: unknown) => json as { id: string }[];
    const routes: Route[] = [
      {
        name: 'GET /api/submissions',
        path: '/api/submissions',
        assayCookie: seeded.client.cookie,
        baselineCookie: clientCookie,
        list: asList,
      },
      {
        name: 'GET /api/auth/user',
        path: '/api/auth/user',
        assayCookie: seeded.client.cookie,
        baselineCookie: clientCookie,
        list: (json) => [json as { id: string }],
      },
      {
        name: 'GET /api/admin/submissions (first page)',
        path: `/api/admin/submissions?limit=${MAILBOX_PAGE}`,
        assayCookie: seeded.admin.cookie,
        baselineCookie: adminCookie,
        list: (json) => (json as { items: { id: string }[] }).items,
      },
    ];

    console.log(
      `database: PostgreSQL, ${seeded.submissions} submissions (the client's: the newest of ${seeded.client.id}), ` +
        `${seeded.photos} photos, ${seeded.labels} inbound labels; ${DURATION_S}s x ${ROUNDS} rounds each, ` +
        `${CONNECTIONS} connections, autocannon in its own process, each server in its own process`,
    );
    const summary: string[] = [];
    for (const route of routes) {
      const shape = await sameAnswer(route, assayUrl, baselineUrl);
      console.log(
        `\n${route.name}: same answer from both (${shape.items} item(s), ${shape.assayBytes} bytes from Assay, ${shape.baselineBytes} from the baseline)`,
      );
      const assayTarget = assayUrl + route.path;
      const baselineTarget = baselineUrl + route.path;
      // Both get the same warm-up, so neither pays for the JIT inside a measured round.
      await load(assayTarget, route.assayCookie, WARM_UP_S);
      await load(baselineTarget, route.baselineCookie, WARM_UP_S);
      const a: LoadResult[] = [];
      const b: LoadResult[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        // Alternate which goes first, so a drift in machine load does not favour one side.
        if (round % 2 === 1) {
          a.push(await load(assayTarget, route.assayCookie, DURATION_S));
          b.push(await load(baselineTarget, route.baselineCookie, DURATION_S));
        } else {
          b.push(await load(baselineTarget, route.baselineCookie, DURATION_S));
          a.push(await load(assayTarget, route.assayCookie, DURATION_S));
        }
        const [ra, rb] = [a.at(-1)!, b.at(-1)!];
        console.log(
          `  round ${round}: Assay ${ra.rps.toFixed(0)} req/s (p99 ${ra.p99} ms)  baseline ${rb.rps.toFixed(0)} req/s ` +
            `(p99 ${rb.p99} ms)  ratio ${(ra.rps / rb.rps).toFixed(2)}x`,
        );
      }
      const ratio = mean(a.map((r) => r.rps)) / mean(b.map((r) => r.rps));
      const errors = [...a, ...b].reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
      const line =
        `${route.name.padEnd(40)} Assay ${mean(a.map((r) => r.rps))
          .toFixed(0)
          .padStart(6)} req/s ` +
        `(p99 ${String(max(a.map((r) => r.p99))).padStart(3)} ms)  baseline ${mean(b.map((r) => r.rps))
          .toFixed(0)
          .padStart(6)} req/s ` +
        `(p99 ${String(max(b.map((r) => r.p99))).padStart(3)} ms)  errors ${errors}  ` +
        `${ratio.toFixed(2)}x (target >= ${SIGNED_IN_TARGET_RATIO.toFixed(1)}x) ${verdict(ratio)}`;
      console.log(`  ${line}`);
      summary.push(line);
    }
    console.log('\nsummary (mean req/s over the rounds, worst p99; errors = non-2xx + socket errors + timeouts, must be 0):');
    for (const line of summary) console.log(line);
  } finally {
    await baseline?.stop();
    await assay?.stop();
  }
}
