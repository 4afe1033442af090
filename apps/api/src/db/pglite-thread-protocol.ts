// The messages between the embedded database's thread (pglite-thread.ts) and the client the rest of
// the server talks to (pglite-thread-client.ts). Everything here crosses a MessagePort, so it is
// plain data: functions (drizzle's row parsers) stay on the caller's side, and an error travels as
// its fields and comes back as an Error with the same code, detail, constraint... that the app's
// SQLSTATE checks and log serializer read.
import type { Results, RowMode } from '@electric-sql/pglite';

/**
 * What the thread opens: a durable folder, or an in-memory cluster from a dumpDataDir() tarball (or
 * empty); and the nice value it runs at.
 */
export type ThreadDatabase = ({ dataDir: string } | { dump?: Uint8Array }) & { nice: number };

export type Request =
  | { op: 'query'; tx?: number; sql: string; params?: unknown[]; rowMode?: RowMode; rawTypes: number[] }
  | { op: 'exec'; tx?: number; sql: string; rowMode?: RowMode; rawTypes: number[] }
  | { op: 'begin' }
  /** Ends a transaction: COMMIT, or ROLLBACK when `commit` is false (or tx.rollback() ran). */
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'rollback'; tx: number }
  | { op: 'dump' }
  /** LISTEN on the channel: every NOTIFY on it is then posted as a Notification. */
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'close' };

export type Call = Request & { id: number };

export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ErrorFields };

/**
 * A NOTIFY heard on a channel the client listens on. PGlite hands it over while it parses the
 * output of the statement that committed it, so it is posted before that statement's reply: the
 * client hears a change before the write that made it resolves.
 */
export type Notification = { notification: { channel: string; payload: string } };

/** The thread's first message: the database is open (and, on a folder, proven durable), or why not. */
export type Started = { started: true } | { started: false; error: ErrorFields };

export type ErrorFields = { name: string; message: string; stack?: string } & Record<string, string | number | boolean>;

/** Own fields of plain value types: PGlite's DatabaseError also carries the query options (functions), which stay behind. */
export function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: ErrorFields = { name: error.name, message: error.message };
  if (error.stack) fields.stack = error.stack;
  for (const [key, value] of Object.entries(error)) {
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean;
  }
  return fields;
}

export function errorFromFields(fields: ErrorFields): Error {
  const error = new Error(fields.message);
  Object.assign(error, fields);
  return error;
}

/** A result as the thread sends it: the types the caller parses itself still as text. */
export type ThreadResults = Omit<Results, 'blob'>;
