// Assay on the embedded database as a process of its own, for the embedded bench: PGlite on a
// durable folder as in production, on the thread BENCH_PGLITE_THREAD names (worker | main), built
// by createTestApp like the signed-in bench's server (same plugin tree, routes and database code;
// cheap sign-up hashes, no logs). It fetches prices once, seeds the signed-in rows, listens on
// 127.0.0.1 and tells the bench its address, its pid (for its RSS) and who is signed in.
import { createTestApp } from '../../apps/api/test/support/test-app.ts';
import { serveUntilParentSaysClose } from './child.ts';
import { seedSignedIn } from './signed-in-seed.ts';

export type EmbeddedReady = { url: string; pid: number } & Awaited<ReturnType<typeof seedSignedIn>>;

const t = await createTestApp('pglite', { PGLITE_THREAD: process.env.BENCH_PGLITE_THREAD ?? 'worker' }, { pgliteOnDisk: true });
try {
  await t.app.pricing.refresh({ force: true });
  const seeded = await seedSignedIn(t);
  const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const ready: EmbeddedReady = { url, pid: process.pid, ...seeded };
  serveUntilParentSaysClose(ready, () => t.close());
} catch (error) {
  await t.close();
  throw error;
}
