// The embedded database's own thread: PGlite's Postgres is WebAssembly that runs each query to its
// end without yielding, so on the server's event loop every query stalls every request, even those
// that need no database. Here it runs on a worker thread and answers the calls that
// pglite-thread-client.ts sends. A call is answered only once PGlite has resolved it, and on a
// folder PGlite resolves a commit only after its WAL is flushed (durable-pglite.ts), so an answer
// still means "on disk".
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { openDurablePGlite } from './durable-pglite.ts';
import { namedStatements } from './pglite-statements.ts';
import {
  type Call,
  errorFields,
  type Notification,
  type Reply,
  type Request,
  type Started,
  type ThreadDatabase,
} from './pglite-thread-protocol.ts';

const port = parentPort!;
const opened = workerData as ThreadDatabase;

async function open(): Promise<PGlite> {
  if ('dataDir' in opened) return openDurablePGlite(opened.dataDir);
  const pg = new PGlite({ loadDataDir: opened.dump ? new Blob([opened.dump]) : undefined });
  await pg.waitReady;
  return pg;
}

/** The caller parses these types itself (drizzle keeps dates as text), so they cross unparsed. */
function optionsFor(rowMode: QueryOptions['rowMode'], rawTypes: number[]): QueryOptions {
  return { rowMode, parsers: Object.fromEntries(rawTypes.map((type) => [type, (text: string) => text])) };
}

interface OpenTransaction {
  tx: Transaction;
  /** Lets PGlite's transaction() callback return (or roll back), and gives what it settled to. */
  end(commit: boolean): Promise<void>;
}

function serve(pg: PGlite) {
  const transactions = new Map<number, OpenTransaction>();
  let nextTransaction = 1;
  const unlisteners = new Map<string, () => Promise<void>>();
  const query = namedStatements(pg);

  // PGlite's transaction() holds its one connection until the callback returns: the callback waits
  // for the client's end call, and meanwhile only calls tagged with this transaction reach PGlite.
  const begin = () =>
    new Promise<number>((resolveOpened, rejectOpened) => {
      const id = nextTransaction++;
      const settled: Promise<void> = pg.transaction(async (tx) => {
        const commit = await new Promise<boolean>((ended) => {
          transactions.set(id, {
            tx,
            end(c) {
              ended(c);
              return settled;
            },
          });
          resolveOpened(id);
        });
        if (!commit && !tx.closed) await tx.rollback();
      });
      settled.catch(rejectOpened);
    });

  const transaction = (id: number) => {
    const open = transactions.get(id);
    if (!open) throw new Error(`The embedded database has no open transaction ${id}.`);
    return open;
  };

  const run = async (request: Request): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        const options = optionsFor(request.rowMode, request.rawTypes);
        if (request.tx === undefined) return query(request.sql, request.params, options);
        return transaction(request.tx).tx.query(request.sql, request.params, options);
      }
      case 'exec': {
        const target = request.tx === undefined ? pg : transaction(request.tx).tx;
        return target.exec(request.sql, optionsFor(request.rowMode, request.rawTypes));
      }
      case 'begin':
        return begin();
      case 'end': {
        const open = transaction(request.tx);
        transactions.delete(request.tx);
        return open.end(request.commit);
      }
      case 'rollback':
        return transaction(request.tx).tx.rollback();
      case 'dump':
        return new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
      case 'listen': {
        if (unlisteners.has(request.channel)) return undefined;
        const { channel } = request;
        // Posted from PGlite's callback, which runs before the committing statement's reply is sent.
        const unlisten = await pg.listen(channel, (payload) =>
          port.postMessage({ notification: { channel, payload } } satisfies Notification),
        );
        unlisteners.set(channel, unlisten);
        return undefined;
      }
      case 'unlisten': {
        const unlisten = unlisteners.get(request.channel);
        unlisteners.delete(request.channel);
        return unlisten?.();
      }
      case 'close':
        await pg.close();
        // The client waits for the thread's exit, which follows once the port stops listening.
        port.close();
        return undefined;
    }
  };

  port.on('message', (call: Call) => {
    run(call).then(
      (value) => port.postMessage({ id: call.id, ok: true, value } satisfies Reply),
      (error: unknown) => port.postMessage({ id: call.id, ok: false, error: errorFields(error) } satisfies Reply),
    );
  });
}

/** Linux gives each thread a nice value of its own (see DATABASE_THREAD_NICE). */
function yieldToTheEventLoop(nice: number) {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId) && threadId > 0) os.setPriority(threadId, nice);
  } catch {
    // No /proc (not Linux): the scheduler shares the CPU evenly.
  }
}

try {
  yieldToTheEventLoop(opened.nice);
  const pg = await open();
  serve(pg);
  port.postMessage({ started: true } satisfies Started);
} catch (error) {
  port.postMessage({ started: false, error: errorFields(error) } satisfies Started);
}
