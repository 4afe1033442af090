// better-auth's own routes (plugins/identity-input.ts): `null`, numbers, arrays and objects where
// text belongs, names the app would refuse and fields nobody may set all answer 400 with a
// sentence, and nothing is stored; good bodies reach better-auth checked and trimmed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, outbox, users, verifications } from '../../src/db/schema/index.ts';
import { DEFAULT_PASSWORD, signUp, uniqueAddress } from '../support/sessions.ts';
import { createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

const odd = [null, 5, true, [], ['x'], {}, { nested: 'x' }];

describe.each(engines)('better-auth routes with bad input on %s', (engine) => {
  let t: TestApp;
  let client: { id: string; email: string; cookie: string };

  const post = (path: string, payload: unknown, cookie = client.cookie) =>
    t.app.inject({
      method: 'POST',
      url: `/api/identity${path}`,
      remoteAddress: uniqueAddress(),
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const person = async () => (await t.db.select().from(users).where(eq(users.id, client.id)))[0];
  const everything = async () => ({
    users: await t.db.select().from(users).orderBy(users.id),
    accounts: await t.db.select().from(accounts).orderBy(accounts.id),
    verifications: await t.db.select().from(verifications).orderBy(verifications.id),
    outbox: await t.db.select().from(outbox).orderBy(outbox.id),
  });

  async function expectRefused(path: string, payload: unknown) {
    const res = await post(path, payload);
    const why = `${path} ${JSON.stringify(payload)}: ${res.body.slice(0, 200)}`;
    expect(res.statusCode, why).toBe(400);
    expect(res.json(), why).toMatchObject({
      statusCode: 400,
      error: 'BAD_REQUEST',
      message: expect.stringMatching(/^Invalid body: \S.{5,}/),
    });
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    client = await signUp(t.app, { firstName: 'Casey', lastName: 'Client' });
  });
  afterAll(() => t.close());

  it('update-user refuses odd types, names the app would refuse and protected fields, and changes nothing', async () => {
    const before = await person();
    const bodies: unknown[] = [
      null,
      [],
      'Ada',
      42,
      {},
      ...odd.flatMap((value) => [{ name: value }, { firstName: value }, { lastName: value }]),
      { firstName: 'x'.repeat(101) },
      { lastName: '   ' },
      { name: 'x'.repeat(202) },
      { firstName: 'Ada', isAdmin: true },
      { isPremium: true },
      { email: 'someone@else.test' },
      { image: 'https://evil.example/x.png' },
    ];
    for (const body of bodies) await expectRefused('/update-user', body);
    expect(await person()).toEqual(before);
  });

  it('update-user keeps names as the rest of the app does: trimmed', async () => {
    const res = await post('/update-user', { firstName: '  Ada ', lastName: ' Lovelace  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await person()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: client.cookie } });
    expect(me.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('reset-password, change-password, sign-in and the reset request refuse odd types and change nothing', async () => {
    const before = await everything();
    const cases: [string, unknown[]][] = [
      [
        '/reset-password',
        [
          null,
          [],
          ...odd.map((v) => ({ newPassword: v, token: 'token' })),
          ...odd.map((v) => ({ newPassword: 'a-long-enough-password', token: v })),
          { newPassword: 'short', token: 'token' },
        ],
      ],
      [
        '/change-password',
        [
          null,
          ...odd.map((v) => ({ currentPassword: v, newPassword: 'a-long-enough-password' })),
          { currentPassword: DEFAULT_PASSWORD, newPassword: 'a-long-enough-password', revokeOtherSessions: 'yes' },
        ],
      ],
      [
        '/sign-in/email',
        [
          null,
          ...odd.map((v) => ({ email: client.email, password: v })),
          ...odd.map((v) => ({ email: v, password: DEFAULT_PASSWORD })),
          { email: client.email, password: 'x'.repeat(129) },
        ],
      ],
      ['/request-password-reset', [null, 'x', ...odd.map((v) => ({ email: v })), { email: client.email, redirectTo: 5 }]],
      ['/sign-out', [null, 5, [], { callbackURL: 5 }]],
    ];
    for (const [path, bodies] of cases) for (const body of bodies) await expectRefused(path, body);
    expect(await everything()).toEqual(before);
  });

  it('sign-up refuses odd types and the names the sign-up form refuses, and creates nobody', async () => {
    const before = await everything();
    const good = { email: 'new-person@assay.test', password: 'a-long-enough-password', firstName: 'New', lastName: 'Person' };
    const bodies: unknown[] = [
      null,
      [],
      ...odd.flatMap((v) => [
        { ...good, firstName: v },
        { ...good, lastName: v },
        { ...good, name: v },
        { ...good, email: v },
        { ...good, password: v },
      ]),
      { ...good, firstName: undefined },
      { ...good, firstName: 'x'.repeat(101) },
      { ...good, lastName: '  ' },
      { ...good, isAdmin: true },
    ];
    for (const body of bodies) await expectRefused('/sign-up/email', body);
    expect(await everything()).toEqual(before);
  });

  it('sign-up stores trimmed names and makes the display name from them when none is sent', async () => {
    const res = await post(
      '/sign-up/email',
      { email: 'trimmed@assay.test', password: 'a-long-enough-password', firstName: ' Grace ', lastName: 'Hopper ' },
      '',
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'trimmed@assay.test'));
    expect(row).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', name: 'Grace Hopper' });
  });

  it('checks the route better-auth will run, whatever dot segments the address has', async () => {
    const before = await person();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/x/../update-user',
      headers: { origin: TEST_ORIGIN, cookie: client.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: null }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(await person()).toEqual(before);
  });

  it('passes better-auth routes it does not check on as they are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/identity/ok' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});
