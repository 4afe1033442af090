// "Stored data that instances keep in memory has changed": a PostgreSQL NOTIFY on one channel, sent
// by the writer inside its transaction (so it is delivered at commit, and never for a rollback), and
// heard by every instance that LISTENs, which then re-reads (DECISIONS "Running several
// instances": a price refresh or a gem price edit on one instance is seen by all at once). The
// embedded database has one process, which re-reads after its own writes, so only PostgreSQL listens.
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

export const CHANGE_CHANNEL = 'assay_changes';

/** What changed: each topic names one in-memory copy to re-read. */
export const changeTopics = ['prices'] as const;
export type ChangeTopic = (typeof changeTopics)[number];

/** Sends the change with the caller's transaction: heard by the listeners once it commits. */
export async function signalChange(tx: DbOrTx, topic: ChangeTopic): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${topic})`);
}

export interface ChangeListener {
  close(): Promise<void>;
}

/** A pause between reconnections, so a database that is down is not hammered. */
export const RELISTEN_DELAY_MS = 1_000;

/**
 * Listens on its own connection (a pooled one would lose LISTEN when handed back) and calls
 * `onChange` for each topic heard. When the connection drops it connects again, and then calls
 * `onChange` for every topic, since changes made meanwhile were not heard.
 */
export function listenForChanges(
  databaseUrl: string,
  onChange: (topic: ChangeTopic) => void,
  log: { warn(details: object, message: string): void },
): ChangeListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let heardBefore = false;

  const again = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };

  async function connect() {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      const topic = changeTopics.find((t) => t === message.payload);
      if (topic) onChange(topic);
    });
    next.on('error', (error) => {
      log.warn({ error: error.name }, 'the change listener lost its database connection; it reconnects');
      next.end().catch(() => undefined);
      if (client === next) client = null;
      again();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (error) {
      log.warn(
        { error: error instanceof Error ? error.name : 'unknown' },
        'the change listener could not connect; it tries again',
      );
      next.end().catch(() => undefined);
      again();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    // Back after a break: what changed meanwhile was not heard.
    if (heardBefore) for (const topic of changeTopics) onChange(topic);
    heardBefore = true;
  }

  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
