// pg-boss runs its SQL through `executeSql(text, values)`. This adapter sends it down the very
// connection a drizzle database or transaction uses, so a job enqueued with a transaction commits
// or rolls back with it, on PGlite as on PostgreSQL.
import type { DbOrTx } from '../db/client.ts';

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface QueryResultLike {
  rows: unknown[];
  fields?: unknown[];
}

/** node-postgres Pool/PoolClient, or PGlite / its Transaction (which also has exec). */
interface DriverClient {
  query(text: string, values?: unknown[]): Promise<QueryResultLike | QueryResultLike[]>;
  exec?(text: string): Promise<QueryResultLike[]>;
}

function driverClient(db: DbOrTx): DriverClient {
  // drizzle keeps the driver's client (pool, pooled client, PGlite or PGlite transaction) on its
  // session; it is the only way to hand a transaction's connection to another library.
  const client = (db._.session as unknown as { client?: DriverClient }).client;
  if (!client || typeof client.query !== 'function') throw new Error('The database has no driver client to run job SQL on.');
  return client;
}

/** The result pg-boss reads: of a multi-statement text, the last statement that returned rows. */
function lastResult(results: QueryResultLike | QueryResultLike[]): { rows: unknown[] } {
  if (!Array.isArray(results)) return results;
  return results.findLast((r) => (r.fields?.length ?? 0) > 0) ?? results.at(-1) ?? { rows: [] };
}

export function sqlExecutor(db: DbOrTx): SqlExecutor {
  const client = driverClient(db);
  const exec = client.exec?.bind(client);
  return {
    async executeSql(text, values) {
      if (values?.length || !exec) return lastResult(await client.query(text, values));
      // PGlite's query takes one statement; pg-boss's maintenance texts are several (BEGIN ... COMMIT).
      try {
        return lastResult(await exec(text));
      } catch (err) {
        // PGlite has a single connection: a text that failed after its BEGIN must not leave it
        // inside an aborted transaction for every query after it.
        if (/\bBEGIN\b/i.test(text)) await exec('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
  };
}
