// The embedded database on a thread of its own (pglite-thread.ts), seen from the server's thread as
// the part of a PGlite instance that drizzle, its migrator, the job engine (jobs/sql-executor.ts)
// and the test templates call: query, exec, transaction, dumpDataDir and close, and what the change
// listener calls (listen). Each call crosses the thread's port and resolves with the thread's answer,
// so a write resolves only after the thread's durable commit did, and after the notifications it sent.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ParserOptions, QueryOptions, Results } from '@electric-sql/pglite';
import {
  errorFromFields,
  type Notification,
  type Reply,
  type Request,
  type Started,
  type ThreadDatabase,
  type ThreadResults,
} from './pglite-thread-protocol.ts';

/** What drizzle's pglite session calls on a transaction, and what tx.rollback() means in PGlite. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PGliteThreadClient extends Omit<ThreadTransaction, 'rollback' | 'closed'> {
  transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T>;
  /** As PGlite's: `callback` hears each NOTIFY on `channel`; the function returned stops it. */
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: 'none'): Promise<Blob>;
  close(): Promise<void>;
  readonly closed: boolean;
}

/** The database thread died under a running server: nothing it holds can be trusted to answer again. */
export function exitOnThreadCrash(error: Error): void {
  console.error('The embedded database thread stopped; the server exits rather than hang.', error);
  process.exit(70);
}

/**
 * The database thread yields the CPU to the server's event loop when both want it, so answers that
 * need no database (prices, pages, health) stay quick while queries queue. Measured in issue 15
 * (item 3, 2 cores): pricing beside a busy signed-in list kept ~0.35x of its solo rate at 0 and
 * ~0.5-0.65x at 15, while 19 starved the list. With a core to spare it changes nothing.
 */
export const DATABASE_THREAD_NICE = 15;

/** Built with esbuild, the thread is dist/pglite-thread.js beside the bundle; from source, the .ts beside this file. */
const defaultThreadFile = new URL(import.meta.url.endsWith('.ts') ? './pglite-thread.ts' : './pglite-thread.js', import.meta.url);

/**
 * From source the thread must register tsx's loader itself before importing its .ts file: Node 20
 * hands neither the process's loader hooks nor an `--import tsx` of its own to a thread's entry.
 */
function newThread(workerData: ThreadDatabase, file: URL): Worker {
  if (!file.pathname.endsWith('.ts')) return new Worker(file, { workerData });
  // The ESM build of tsx's API: require.resolve would pick its CommonJS one.
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/** Values of the caller's parsed types arrive as text; its own parsers turn them into what it expects. */
function parseWithCaller<T>(result: ThreadResults, options: QueryOptions | undefined): Results<T> {
  const parsers: ParserOptions | undefined = options?.parsers;
  if (parsers) {
    result.fields.forEach((field, index) => {
      const parse = parsers[field.dataTypeID];
      if (!parse) return;
      const key = options?.rowMode === 'array' ? index : field.name;
      for (const row of result.rows as Record<string | number, unknown>[]) {
        if (row[key] !== null) row[key] = parse(row[key] as string);
      }
    });
  }
  return result as Results<T>;
}

const rawTypesOf = (options: QueryOptions | undefined) => Object.keys(options?.parsers ?? {}).map(Number);

/** Resolves once the thread has opened its database; a thread that could not is ended and its reason thrown. */
async function whenStarted(worker: Worker): Promise<void> {
  const listeners: { message?: (started: Started) => void; error?: (error: Error) => void; exit?: (code: number) => void } = {};
  try {
    await new Promise<void>((resolve, reject) => {
      listeners.message = (started) => (started.started ? resolve() : reject(errorFromFields(started.error)));
      listeners.error = reject;
      listeners.exit = (code) => reject(new Error(`The embedded database thread exited (${code}) before it opened.`));
      worker.once('message', listeners.message).once('error', listeners.error).once('exit', listeners.exit);
    });
  } catch (error) {
    await worker.terminate();
    throw error;
  } finally {
    // Only these: the Worker itself listens to its own events to start and stop delivering messages.
    worker.off('message', listeners.message!).off('error', listeners.error!).off('exit', listeners.exit!);
  }
}

export interface ThreadOptions {
  /** Called once if the thread dies while open; every call waiting on it is rejected first. */
  onCrash?: (error: Error) => void;
  /** The thread's entry; tests start a stand-in that dies. */
  threadFile?: URL;
}

export async function startPGliteThread(
  database: { dataDir: string } | { dump?: Blob },
  { onCrash = exitOnThreadCrash, threadFile = defaultThreadFile }: ThreadOptions = {},
): Promise<PGliteThreadClient> {
  const workerData: ThreadDatabase =
    'dataDir' in database
      ? { dataDir: database.dataDir, nice: DATABASE_THREAD_NICE }
      : { dump: database.dump && new Uint8Array(await database.dump.arrayBuffer()), nice: DATABASE_THREAD_NICE };
  const worker = newThread(workerData, threadFile);
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextCall = 1;
  let closing = false;
  let dead: Error | undefined;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  await whenStarted(worker);

  const die = (error: Error) => {
    if (dead) return;
    dead = error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
    if (!closing) onCrash(error);
  };
  worker.on('error', die);
  worker.on('messageerror', die);
  worker.on('exit', (code) => die(new Error(`The embedded database thread exited (${code}).`)));
  const listeners = new Map<string, Set<(payload: string) => void>>();
  worker.on('message', (message: Reply | Notification) => {
    if ('notification' in message) {
      const { channel, payload } = message.notification;
      listeners.get(channel)?.forEach((listener) => listener(payload));
      return;
    }
    const reply = message;
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    // An idle thread keeps the process alive no more than an idle in-thread PGlite would.
    if (pending.size === 0) worker.unref();
    if (reply.ok) call.resolve(reply.value);
    else call.reject(errorFromFields(reply.error));
  });
  worker.unref();

  const call = (request: Request) =>
    new Promise<unknown>((resolve, reject) => {
      if (dead) return reject(dead);
      const id = nextCall++;
      try {
        // Throws for a parameter that cannot be cloned (a function, say) before anything is sent.
        worker.postMessage({ ...request, id });
      } catch (error) {
        return reject(error as Error);
      }
      pending.set(id, { resolve, reject });
      if (pending.size === 1) worker.ref();
    });

  const query = async <T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number) =>
    parseWithCaller<T>(
      (await call({ op: 'query', tx, sql, params, rowMode: options?.rowMode, rawTypes: rawTypesOf(options) })) as ThreadResults,
      options,
    );
  const exec = async (sql: string, options?: QueryOptions, tx?: number) =>
    ((await call({ op: 'exec', tx, sql, rowMode: options?.rowMode, rawTypes: rawTypesOf(options) })) as ThreadResults[]).map(
      (result) => parseWithCaller<Results['rows'][number]>(result, options),
    );

  async function transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = (await call({ op: 'begin' })) as number;
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: ThreadTransaction = {
      async query(sql, params, options) {
        open();
        return query(sql, params, options, id);
      },
      async exec(sql, options) {
        open();
        return exec(sql, options, id);
      },
      async rollback() {
        open();
        await call({ op: 'rollback', tx: id });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await call({ op: 'end', tx: id, commit: false });
      throw error;
    }
    closed = true;
    await call({ op: 'end', tx: id, commit: true });
    return result;
  }

  return {
    query: (sql, params, options) => query(sql, params, options),
    exec: (sql, options) => exec(sql, options),
    transaction,
    async listen(channel, callback) {
      // Heard from the moment LISTEN runs, before its reply arrives.
      const heard = listeners.get(channel) ?? new Set();
      listeners.set(channel, heard.add(callback));
      try {
        await call({ op: 'listen', channel });
      } catch (error) {
        heard.delete(callback);
        throw error;
      }
      return async () => {
        heard.delete(callback);
        if (heard.size === 0 && !dead) await call({ op: 'unlisten', channel });
      };
    },
    async dumpDataDir() {
      return new Blob([(await call({ op: 'dump' })) as Uint8Array]);
    },
    async close() {
      if (dead) return;
      closing = true;
      worker.ref();
      worker.postMessage({ op: 'close', id: nextCall++ });
      await exited;
    },
    get closed() {
      return closing || dead !== undefined;
    },
  };
}
