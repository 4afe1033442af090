// The baseline as a process of its own (bench/support/child.ts): listens on 127.0.0.1, any port,
// on TYPICAL_STACK_DATABASE_URL, and tells the bench its address.
import type { AddressInfo } from 'node:net';
import { serveUntilParentSaysClose } from '../support/child.ts';
import { createTypicalStackApp } from './app.ts';

const databaseUrl = process.env.TYPICAL_STACK_DATABASE_URL;
if (!databaseUrl) throw new Error('TYPICAL_STACK_DATABASE_URL is not set');
const { app, close } = createTypicalStackApp(databaseUrl);
const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  serveUntilParentSaysClose({ url: `http://127.0.0.1:${port}` }, async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await close();
  });
});
