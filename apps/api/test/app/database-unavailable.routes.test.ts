// A database that goes away under a running instance (a restart, a failover): the request that
// meets it is answered 503 with a sentence and a Retry-After, never a 500, and the same instance
// serves again as soon as the database does, without being restarted. On PostgreSQL the app's
// connections are ended from the server side (pg_terminate_backend), as a restart ends them.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/lib/database-unavailable.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

const onPostgres = engines.includes('postgres') ? describe : describe.skip;

onPostgres('a PostgreSQL restart under a running instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A request that is in the database when the server goes away (a test route of its own).
    const slowQuery: FastifyPluginAsync = async (app) => {
      app.get('/test/slow-query', async () => {
        await app.deps.database.db.execute(sql`select pg_sleep(3)`);
        return { ok: true };
      });
    };
    // A transaction that holds its connection between two statements while the server goes away.
    const pausedTransaction: FastifyPluginAsync = async (app) => {
      app.post('/test/paused-transaction', async () => {
        await app.deps.database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await sleep(1_500);
          await tx.execute(sql`select 2`);
        });
        return { ok: true };
      });
    };
    t = await createTestApp('postgres', {}, { plugins: [slowQuery, pausedTransaction] });
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * Waits until the app holds a connection in `state` (the request reached the database): a fixed
   * sleep was too short on a busy machine, where the pool's new connection takes longer to open.
   */
  async function waitForAppConnection(state: 'active' | 'idle in transaction') {
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    try {
      for (let tries = 0; tries < 100; tries++) {
        const found = await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = $1',
          [state],
        );
        if (found.rows[0]!.n > 0) return;
        await sleep(50);
      }
      throw new Error(`The app held no connection ${state} within 5 s.`);
    } finally {
      await admin.end();
    }
  }

  async function endEveryConnectionOfTheApp() {
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    try {
      const ended = await admin.query<{ n: number }>(
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return ended.rows[0]!.n;
    } finally {
      await admin.end();
    }
  }

  it('answers a request whose connection the server ended 503, with a sentence and Retry-After, never 500', async () => {
    const inFlight = t.app.inject({ method: 'GET', url: '/test/slow-query' });
    await waitForAppConnection('active');
    expect(await endEveryConnectionOfTheApp()).toBeGreaterThan(0);
    const answer = await inFlight;
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      statusCode: 503,
      error: 'SERVICE_UNAVAILABLE',
      message: DATABASE_UNAVAILABLE_MESSAGE,
      requestId: answer.headers['x-request-id'],
    });
    expect(answer.headers['retry-after']).toBe('5');
  });

  it('survives a connection lost between two statements of a transaction: a 503, and the process goes on', async () => {
    const inFlight = t.app.inject({ method: 'POST', url: '/test/paused-transaction', headers: { origin: TEST_ORIGIN } });
    await waitForAppConnection('idle in transaction');
    expect(await endEveryConnectionOfTheApp()).toBeGreaterThan(0);
    const answer = await inFlight;
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('serves again by itself once its connections are gone, without a restart', async () => {
    const client = await signUp(t.app);
    const list = () => t.app.inject({ method: 'GET', url: '/api/submissions', headers: { cookie: client.cookie } });
    expect((await list()).statusCode).toBe(200);

    expect(await endEveryConnectionOfTheApp()).toBeGreaterThan(0);
    const answers = [];
    for (let i = 0; i < 12; i += 1) answers.push(await list());
    const failed = answers.filter((a) => a.statusCode !== 200);
    // Each idle pooled connection the server ended fails one request; none is a 500.
    for (const answer of failed) {
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
      expect(answer.headers['retry-after']).toBe('5');
    }
    // The pool replaced what it lost: the same instance answers again.
    expect(answers.at(-1)!.statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
