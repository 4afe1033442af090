// What a signed-in request costs: GET /api/auth/user (session row + user row from the database,
// no cookie cache; docs/decisions/002) next to GET /healthz on the same app, side by side.
import autocannon from 'autocannon';
import { createTestApp } from '../apps/api/test/support/test-app.ts';
import { signUp } from '../apps/api/test/support/sessions.ts';

const DURATION_S = 5;

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 10, duration: DURATION_S, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

export async function run() {
  const t = await createTestApp(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  try {
    const { cookie } = await signUp(t.app);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const health = await measure(`${address}/healthz`);
    const user = await measure(`${address}/api/auth/user`, { cookie });
    console.log(`database: ${t.database.kind}, ${DURATION_S}s each, 10 connections`);
    console.log(`GET /healthz         ${health.rps.toFixed(0)} req/s  p99 ${health.p99} ms  errors ${health.errors}`);
    console.log(`GET /api/auth/user   ${user.rps.toFixed(0)} req/s  p99 ${user.p99} ms  errors ${user.errors}`);
    console.log(`signed-in request / bare request: ${(user.rps / health.rps).toFixed(2)}x`);
  } finally {
    await t.close();
  }
}
