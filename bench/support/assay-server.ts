// Assay as a process of its own for the signed-in bench (bench/support/child.ts). It is built by
// createTestApp rather than started from apps/api/dist/server.js: the same plugin tree, routes and
// database code as production, without the production environment (object storage, SMTP, secrets)
// that server.js insists on; the test configuration only makes sign-up's password hash cheap and
// logs nothing. It listens for changes to sessions and accounts as a server on PostgreSQL does
// (so its session cache is live, as in production). It makes its scratch database on DATABASE_URL's server, seeds it, listens on
// 127.0.0.1 (any port) and tells the bench its address, its database and who is signed in.
import { createTestApp } from '../../apps/api/test/support/test-app.ts';
import { serveUntilParentSaysClose } from './child.ts';
import { seedSignedIn } from './signed-in-seed.ts';

export type AssayReady = { url: string; databaseUrl: string } & Awaited<ReturnType<typeof seedSignedIn>>;

const t = await createTestApp('postgres', {}, { hearChanges: true });
try {
  const seeded = await seedSignedIn(t);
  const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const ready: AssayReady = { url, databaseUrl: t.databaseUrl!, ...seeded };
  serveUntilParentSaysClose(ready, () => t.close());
} catch (error) {
  await t.close();
  throw error;
}
