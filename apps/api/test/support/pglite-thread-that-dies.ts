// A stand-in for the embedded database's thread (src/db/pglite-thread.ts) that opens, then dies at
// the first call it gets, as a thread would on a crash of the WebAssembly it runs.
import { parentPort } from 'node:worker_threads';
import type { Started } from '../../src/db/pglite-thread-protocol.ts';

parentPort!.postMessage({ started: true } satisfies Started);
parentPort!.once('message', () => process.exit(3));
