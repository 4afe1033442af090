// "Stored data that instances keep in memory has changed": a PostgreSQL NOTIFY on one channel, sent
// by the writer inside its transaction (so it is delivered at commit, and never for a rollback), and
// heard by every instance that LISTENs, which then re-reads (DECISIONS "Running several
// instances": a price refresh or a gem price edit on one instance is seen by all at once). Changes to
// sessions and accounts are signalled by database triggers (migration 0018), whoever writes them
// (better-auth, `npm run admin`, a cascade), so that cached sessions are dropped at once. The
// embedded database has one process, whose one session hears its own NOTIFYs (listenInProcess).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

export const CHANGE_CHANNEL = 'assay_changes';
/** How the listeners' connections are named in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'assay-change-listener';

/** What the app signals itself: each topic names one in-memory copy to re-read. */
export const changeTopics = ['prices'] as const;
export type ChangeTopic = (typeof changeTopics)[number];

/** The prefix of the triggers' payload: a user's sessions or account row changed. */
const ACCOUNT_PREFIX = 'account:';

export type ChangeSignal = { topic: ChangeTopic } | { topic: 'account'; userId: string };

/** A payload as heard; anything else on the channel is not ours and is ignored. */
export function parseChangeSignal(payload: string | undefined): ChangeSignal | null {
  if (payload === undefined) return null;
  const topic = changeTopics.find((t) => t === payload);
  if (topic) return { topic };
  if (payload.startsWith(ACCOUNT_PREFIX) && payload.length > ACCOUNT_PREFIX.length) {
    return { topic: 'account', userId: payload.slice(ACCOUNT_PREFIX.length) };
  }
  return null;
}

/** Sends the change with the caller's transaction: heard by the listeners once it commits. */
export async function signalChange(tx: DbOrTx, topic: ChangeTopic): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${topic})`);
}

export interface ChangeListener {
  /**
   * Resolves once every listener on this database, in every instance, has heard every change
   * committed before the call. Each listener hears signals in commit order, so a marker signalled
   * now is heard after them; every other listener answers the marker once it hears it (its
   * handlers having run for what came before), and this waits for all their answers. Resolves at
   * once when not listening, and after `timeoutMs` at the latest (a listener that died unseen).
   */
  caughtUp(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Markers and their answers are the listeners' own: never handed to the handlers. */
const MARKER_PREFIX = 'marker:';
const ANSWER_PREFIX = 'heard:';
const CAUGHT_UP_TIMEOUT_MS = 2_000;

/** A pause between reconnections, so a database that is down is not hammered. */
export const RELISTEN_DELAY_MS = 1_000;

/** Where a listener says it lost or could not make its connection. */
export type ListenerLog = { warn(details: object, message: string): void };

export interface ChangeHandlers {
  onSignal(signal: ChangeSignal): void;
  /**
   * Changes are heard from now on. `resumed` after a break: what changed meanwhile was not heard,
   * so whatever the handler keeps must be read again.
   */
  onListening?(resumed: boolean): void;
  /** The connection is lost: until the next onListening, changes go unheard. */
  onLost?(): void;
}

/**
 * Listens on its own connection (a pooled one would lose LISTEN when handed back). When the
 * connection drops it says so, connects again, and then says it is listening again.
 */
export function listenForChanges(databaseUrl: string, handlers: ChangeHandlers, log: ListenerLog): ChangeListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let heardBefore = false;
  /** Each marker of this listener's that is awaited: how many answers it still lacks. */
  const awaitedMarkers = new Map<string, { missing: number; done(): void }>();

  const again = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };

  async function connect() {
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true, application_name: LISTENER_APPLICATION_NAME });
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (payload.startsWith(ANSWER_PREFIX)) {
        const awaited = awaitedMarkers.get(payload.slice(ANSWER_PREFIX.length));
        if (awaited && --awaited.missing <= 0) awaited.done();
        return;
      }
      if (payload.startsWith(MARKER_PREFIX)) {
        if (!awaitedMarkers.has(payload)) {
          next.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, `${ANSWER_PREFIX}${payload}`]).catch(() => undefined);
        }
        return;
      }
      const signal = parseChangeSignal(message.payload);
      if (signal) handlers.onSignal(signal);
    });
    next.on('error', (error) => {
      log.warn({ error: error.name }, 'the change listener lost its database connection; it reconnects');
      next.end().catch(() => undefined);
      if (client === next) {
        client = null;
        handlers.onLost?.();
      }
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
    handlers.onListening?.(heardBefore);
    heardBefore = true;
  }

  void connect();
  return {
    async caughtUp(timeoutMs = CAUGHT_UP_TIMEOUT_MS) {
      const live = client;
      if (!live) return;
      const marker = `${MARKER_PREFIX}${randomUUID()}`;
      let timer: NodeJS.Timeout | undefined;
      try {
        const { rows } = await live.query<{ others: number }>(
          'select count(*)::int as others from pg_stat_activity ' +
            'where application_name = $1 and datname = current_database() and pid <> pg_backend_pid()',
          [LISTENER_APPLICATION_NAME],
        );
        const others = rows[0]?.others ?? 0;
        if (others === 0) return;
        const answered = new Promise<void>((resolve) => {
          awaitedMarkers.set(marker, { missing: others, done: resolve });
          timer = setTimeout(resolve, timeoutMs);
        });
        await live.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, marker]);
        await answered;
      } catch {
        // The connection is failing: onLost follows, and nothing is answered from memory then.
      } finally {
        clearTimeout(timer);
        awaitedMarkers.delete(marker);
      }
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      if (last) handlers.onLost?.();
      await last?.end().catch(() => undefined);
    },
  };
}

/** What PGlite, or its stand-in on the database thread, offers a listener. */
export interface InProcessNotifier {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/**
 * The embedded database's listener: one process, one database session, which PostgreSQL hands its
 * own NOTIFYs at commit. PGlite calls the callback while it reads the output of the statement that
 * committed (on its thread: the notification is posted before that statement's reply), so a change
 * is heard before the write that made it resolves: nothing is ever behind, and caughtUp has
 * nobody to wait for.
 */
export function listenInProcess(database: InProcessNotifier, handlers: ChangeHandlers, log: ListenerLog): ChangeListener {
  let closed = false;
  let unlisten: (() => Promise<void>) | undefined;
  const listening = database
    .listen(CHANGE_CHANNEL, (payload) => {
      const signal = parseChangeSignal(payload);
      if (signal) handlers.onSignal(signal);
    })
    .then(
      (stop) => {
        unlisten = stop;
        if (!closed) handlers.onListening?.(false);
      },
      (error: unknown) =>
        log.warn(
          { error: error instanceof Error ? error.name : 'unknown' },
          'the embedded database could not LISTEN; nothing is cached',
        ),
    );
  return {
    async caughtUp() {},
    async close() {
      closed = true;
      await listening;
      if (!unlisten) return;
      handlers.onLost?.();
      await unlisten().catch(() => undefined);
    },
  };
}
