// Named statements for the embedded database's thread, as PostgreSQL drivers keep them (postgres.js
// does by default): PGlite's query() sends an unnamed Parse, a statement Describe, Bind, a portal
// Describe, Execute and Sync as six trips into WebAssembly, and plans the statement every time.
// Here a statement is parsed once under a name of its own and planned once, and each call is one
// trip: Bind, Describe, Execute, Sync. Same locks, same parameter serializers and result parsers as
// query(), so callers see no difference.
//
// Planned once: Postgres would plan a named statement again for each call's values whenever it
// guesses that beats its generic plan, and on the embedded database it always guesses so (no
// statistics: single-user Postgres never ANALYZEs), which cost ~30% of the seller's list. The
// call switches plan_cache_mode to force_generic_plan around its Bind, and back after its Sync.
// What that gives up: a plan that picks a partial index from a parameter's value, which the
// embedded database's small tables do not need (decision 021).
import { parse, type PGlite, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/** Kept per distinct SQL text; the app has a few hundred at most, and the least used go first. */
export const MAX_NAMED_STATEMENTS = 500;

interface NamedStatement {
  name: string;
  /** The type of each parameter, as Postgres inferred it: their serializers depend on it. */
  paramTypes: number[];
}

/** Postgres refuses to run a named statement whose result columns a schema change altered. */
const isStalePlan = (error: unknown) =>
  error instanceof Error && (error as { code?: string }).code === '0A000' && /cached plan/.test(error.message);

export function namedStatements(pg: PGlite, maxStatements = MAX_NAMED_STATEMENTS) {
  const { serialize } = protocol;
  /** In order of last use: a Map keeps insertion order, and a use moves the entry to the end. */
  const statements = new Map<string, NamedStatement>();
  let nextName = 1;

  const exchange = (messages: Uint8Array[]) => pg.execProtocolStream(Buffer.concat(messages), { syncToFs: false });

  async function forget(sql: string) {
    const statement = statements.get(sql);
    if (!statement) return;
    statements.delete(sql);
    await exchange([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]);
  }

  async function prepare(sql: string): Promise<NamedStatement> {
    if (statements.size >= maxStatements) await forget(statements.keys().next().value!);
    const name = `assay_s${nextName++}`;
    const replies = await exchange([
      serialize.parse({ name, text: sql, types: [] }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const described = replies.find((message) => message.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    const statement = { name, paramTypes: described?.dataTypeIDs ?? [] };
    statements.set(sql, statement);
    return statement;
  }

  async function run<T>(sql: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let statement = statements.get(sql);
    if (statement) {
      statements.delete(sql);
      statements.set(sql, statement);
    } else {
      statement = await prepare(sql);
    }
    const { paramTypes } = statement;
    // As PGlite's query() serializes them: by the type Postgres inferred, else as text.
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[paramTypes[index]!] ?? pg.serializers[paramTypes[index]!];
      return serializer ? serializer(value) : String(value);
    });
    const replies = await exchange([
      serialize.query('set plan_cache_mode = force_generic_plan'),
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
      serialize.query('set plan_cache_mode = auto'),
    ]);
    // One result per command: the first SET, the statement's, the second SET.
    return parse.parseResults(replies, pg.parsers, options)[1] as Results<T>;
  }

  /** query(), outside a transaction: waits for any open one, as query() does. */
  return function query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        let result: Results<T>;
        try {
          result = await run<T>(sql, params, options);
        } catch (error) {
          if (!isStalePlan(error)) throw error;
          await forget(sql);
          result = await run<T>(sql, params, options);
        }
        await pg.syncToFs();
        return result;
      }),
    );
  };
}
