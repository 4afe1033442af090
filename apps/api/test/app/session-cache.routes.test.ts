// Issue 15 item 2: sessions answered from memory, and the guarantees that must hold anyway. Two
// instances on one PostgreSQL database, each listening for changes as a server does. Signing out,
// on either instance, ends the session at once on both; a change to the account made anywhere (an
// appraiser's role taken away with SQL, as `npm run admin` would) reaches both; an instance that
// cannot hear changes answers from the database only. The embedded database hears its own changes
// before the write that made them resolves, so there nothing waits.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_APPLICATION_NAME } from '../../src/db/change-signals.ts';
import { sessions, users } from '../../src/db/schema/index.ts';
import { verifiedSessionToken } from '../../src/modules/users/session-token.ts';
import { waitFor } from '../support/jobs.ts';
import { cookieOf, signIn, signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../support/test-app.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

const me = (t: TestApp, cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
const live = (t: TestApp) => t.app.ctx.identity.sessionCache.isLive;
/** A signed-in call to one of better-auth's POST routes, with an empty JSON body. */
const identityPost = (t: TestApp, route: string, cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/identity${route}`,
    headers: { cookie, 'content-type': 'application/json' },
    payload: {},
  });

/** The session token a cookie header carries, as the session cache keys it. */
function tokenOf(t: TestApp, cookie: string): string | null {
  const value = /better-auth\.session_token=([^;]+)/.exec(cookie)?.[1];
  return verifiedSessionToken(value && decodeURIComponent(value), t.config.sessionSecret!);
}

describe.skipIf(!onPostgres)('the session cache across instances (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp('postgres', {}, { hearChanges: true });
    b = await createTestApp('postgres', {}, { hearChanges: true, sameDatabaseAs: a });
    await waitFor(() => live(a) && live(b), 'both instances to listen for changes');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('reads the token of a cookie better-auth set, and keeps the session after a first lookup', async () => {
    const { cookie, id } = await signUp(a.app);
    const token = tokenOf(a, cookie);
    const [row] = await a.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.token, token ?? ''));
    expect(row?.userId).toBe(id);
    expect((await me(b, cookie)).statusCode).toBe(200);
    expect(b.app.ctx.identity.sessionCache.userOf(token!)).toBe(id);
  });

  it('signing out on one instance ends the session at once on the other, which had it in memory', async () => {
    const { cookie } = await signUp(a.app);
    expect((await me(b, cookie)).statusCode).toBe(200);
    expect((await me(b, cookie)).statusCode).toBe(200);
    expect((await identityPost(a, '/sign-out', cookie)).statusCode).toBe(200);
    expect((await me(b, cookie)).statusCode).toBe(401);
    expect((await me(a, cookie)).statusCode).toBe(401);
  });

  it('GET /api/logout ends it at once on the same instance and on the other', async () => {
    const { cookie } = await signUp(a.app);
    expect((await me(a, cookie)).statusCode).toBe(200);
    expect((await me(b, cookie)).statusCode).toBe(200);
    expect((await b.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } })).statusCode).toBe(302);
    expect((await me(b, cookie)).statusCode).toBe(401);
    expect((await me(a, cookie)).statusCode).toBe(401);
  });

  it("signing out everywhere ends the person's other sessions on every instance", async () => {
    const { cookie, email } = await signUp(a.app);
    const other = cookieOf(await signIn(a.app, email));
    expect((await me(b, other)).statusCode).toBe(200);
    expect((await identityPost(a, '/revoke-other-sessions', cookie)).statusCode).toBe(200);
    expect((await me(b, other)).statusCode).toBe(401);
    expect((await me(b, cookie)).statusCode).toBe(200);
  });

  it("an appraiser's role taken away outside the app is heard by every instance", async () => {
    const admin = await signUp(a.app, { email: ADMIN_EMAIL });
    const mailbox = (t: TestApp) =>
      t.app.inject({ method: 'GET', url: '/api/admin/submissions', headers: { cookie: admin.cookie } });
    expect((await mailbox(a)).statusCode).toBe(200);
    expect((await mailbox(b)).statusCode).toBe(200);
    // Another process (npm run admin) on its own connection.
    await a.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
    await waitFor(
      async () => (await mailbox(b)).statusCode === 403 && (await mailbox(a)).statusCode === 403,
      'the signal',
      2_000,
    );
    await a.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  });

  it('an instance that loses the signals answers from the database alone until it hears them again', async () => {
    const { cookie, id } = await signUp(a.app);
    expect((await me(b, cookie)).statusCode).toBe(200);
    await b.db.execute(
      sql.raw(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = '${LISTENER_APPLICATION_NAME}' ` +
          'and datname = current_database()',
      ),
    );
    await waitFor(() => !live(b), 'the instance to notice it no longer hears changes', 5_000);
    expect(b.app.ctx.identity.sessionCache.size).toBe(0);
    // Meanwhile the session ends; nothing could be heard, and nothing is answered from memory.
    await a.db.delete(sessions).where(eq(sessions.userId, id));
    expect((await me(b, cookie)).statusCode).toBe(401);
    await waitFor(() => live(a) && live(b), 'both instances to listen again', 10_000);
  });
});

describe.each(['worker', 'main'])('the embedded database, PGlite on the %s thread', (thread) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PGLITE_THREAD: thread });
    await waitFor(() => live(t), 'the app to hear its own changes');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a session from memory, and every change ends it before the write that made it resolves', async () => {
    const { cookie, id, email } = await signUp(t.app);
    const token = tokenOf(t, cookie)!;
    expect((await me(t, cookie)).statusCode).toBe(200);
    expect(t.app.ctx.identity.sessionCache.userOf(token)).toBe(id);

    // Ended by SQL (as another tool would): forgotten as the DELETE resolves, no waiting.
    await t.db.delete(sessions).where(eq(sessions.token, token));
    expect(t.app.ctx.identity.sessionCache.userOf(token)).toBeNull();
    expect((await me(t, cookie)).statusCode).toBe(401);

    // Signed out through better-auth.
    const again = cookieOf(await signIn(t.app, email));
    expect((await me(t, again)).statusCode).toBe(200);
    expect((await identityPost(t, '/sign-out', again)).statusCode).toBe(200);
    expect((await me(t, again)).statusCode).toBe(401);
  });

  it("an appraiser's role taken away with SQL is refused on the very next request", async () => {
    const admin = await signUp(t.app, { email: ADMIN_EMAIL });
    const mailbox = () => t.app.inject({ method: 'GET', url: '/api/admin/submissions', headers: { cookie: admin.cookie } });
    expect((await mailbox()).statusCode).toBe(200);
    expect((await mailbox()).statusCode).toBe(200);
    await t.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
    expect((await mailbox()).statusCode).toBe(403);
  });
});
