// The bell: GET /api/notifications, POST /api/notifications/read, and notify()/notifyAdmins().
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outbox } from '../../src/db/schema/index.ts';
import { notificationContent } from '../../src/modules/notifications/index.ts';
import { notify, notifyAdmins } from '../../src/modules/notifications/index.ts';
import { postJson, signUpAdmin } from '../support/payouts.fixtures.ts';
import { latestEmailTo, signUp } from '../support/sessions.ts';
import { flushOutbox } from '../support/outbox.ts';
import { appWithSmtpSink } from '../support/smtp-app.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

describe.each(engines)('notifications on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const list = (cookie?: string) => t.app.inject({ url: '/api/notifications', headers: cookie ? { cookie } : {} });
  const markRead = (payload: unknown, cookie?: string) => postJson(t.app, '/api/notifications/read', payload, cookie);

  it('starts empty', async () => {
    const client = await signUp(t.app);
    const res = await list(client.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unread: 0, items: [] });
  });

  it('shows a client only their own notifications, newest first', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const first = await notify(t.db, {
      userId: alice.id,
      kind: 'submission_created',
      title: 'One',
      body: 'First',
      submissionId: 'sub-1',
    });
    await new Promise((r) => setTimeout(r, 5));
    const second = await notify(t.db, { userId: alice.id, kind: 'offer_ready', title: 'Two', body: 'Second' });
    await notify(t.db, { userId: bob.id, kind: 'offer_ready', title: 'Bob', body: 'Private to Bob' });

    const res = await list(alice.cookie);
    expect(res.json()).toEqual({
      unread: 2,
      items: [
        {
          id: second.id,
          kind: 'offer_ready',
          title: 'Two',
          body: 'Second',
          submissionId: null,
          readAt: null,
          createdAt: second.createdAt.toISOString(),
        },
        {
          id: first.id,
          kind: 'submission_created',
          title: 'One',
          body: 'First',
          submissionId: 'sub-1',
          readAt: null,
          createdAt: first.createdAt.toISOString(),
        },
      ],
    });
    expect(res.body).not.toContain('Private to Bob');
  });

  it('lists the latest 50 and counts every unread one', async () => {
    const client = await signUp(t.app);
    const base = Date.now() - 100_000;
    await t.db.insert(notifications).values(
      Array.from({ length: 55 }, (_, i) => ({
        id: crypto.randomUUID(),
        userId: client.id,
        kind: 'offer_ready',
        title: `n${i}`,
        body: 'b',
        createdAt: new Date(base + i * 1000),
      })),
    );
    const body = (await list(client.cookie)).json();
    expect(body.unread).toBe(55);
    expect(body.items).toHaveLength(50);
    expect(body.items[0].title).toBe('n54');
    expect(body.items[49].title).toBe('n5');
  });

  it("marks the given ones read, or all of them, and only ever the caller's", async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const a = await Promise.all(
      [1, 2, 3].map((i) => notify(t.db, { userId: alice.id, kind: 'offer_ready', title: `a${i}`, body: 'b' })),
    );
    const b = await notify(t.db, { userId: bob.id, kind: 'offer_ready', title: 'b', body: 'b' });

    const some = await markRead({ ids: [a[0]!.id, b.id, 'no-such-id'] }, alice.cookie);
    expect(some.statusCode).toBe(200);
    expect(some.json()).toEqual({ unread: 2 });
    const [bobRow] = await t.db.select().from(notifications).where(eq(notifications.id, b.id));
    expect(bobRow!.readAt).toBeNull();
    const items = (await list(alice.cookie)).json().items as { id: string; readAt: string | null }[];
    expect(items.find((n) => n.id === a[0]!.id)!.readAt).toEqual(expect.any(String));
    expect(items.filter((n) => n.readAt === null)).toHaveLength(2);

    expect((await markRead({ ids: [] }, alice.cookie)).json()).toEqual({ unread: 2 });
    expect((await markRead({}, alice.cookie)).json()).toEqual({ unread: 0 });
    expect((await list(bob.cookie)).json().unread).toBe(1);

    // Without a body at all, too; and a read notification keeps its first read time.
    const before = await t.db.select().from(notifications).where(eq(notifications.id, a[0]!.id));
    await notify(t.db, { userId: bob.id, kind: 'offer_ready', title: 'b2', body: 'b' });
    const noBody = await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: { cookie: bob.cookie } });
    expect(noBody.statusCode).toBe(200);
    expect(noBody.json()).toEqual({ unread: 0 });
    const after = await t.db.select().from(notifications).where(eq(notifications.id, a[0]!.id));
    expect(after[0]!.readAt).toEqual(before[0]!.readAt);
  });

  it('notify() with email writes the warm plain-text e-mail to the outbox; without, none', async () => {
    const client = await signUp(t.app, { firstName: 'Grace' });
    await notify(t.db, {
      userId: client.id,
      submissionId: 'abcdefgh12345678',
      ...notificationContent.offerReady({
        submissionId: 'abcdefgh12345678',
        offerCents: 125_000,
        validUntilText: 'March 17, 2026 at 12:00 UTC',
      }),
      email: true,
    });
    await notify(t.db, { userId: client.id, kind: 'offer_ready', title: 'Quiet', body: 'No e-mail' });
    const mails = await t.db.select().from(outbox).where(eq(outbox.toAddress, client.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your offer is ready: $1,250.00');
    expect(mails[0]!.textBody).toBe(
      'Hello Grace,\n\n' +
        'Our appraisers have finished with submission #12345678 and offer you $1,250.00. Open your dashboard to accept the offer and choose how you want to be paid, or to decline it.\n\n' +
        'Sign in to Assay to see the offer.\n\n' +
        // Stored with a token; the outbox makes it `${PUBLIC_URL}/client/submissions/<id>` when it sends.
        'See submission #12345678: [[submission:abcdefgh12345678]]\n\n' +
        'Questions? Our support team answers within 24 hours.\n\n' +
        '— The Assay team\n',
    );
  });

  it('notifyAdmins() tells every appraiser, and no client', async () => {
    const client = await signUp(t.app);
    const admins = [await signUpAdmin(t.app, t.db), await signUpAdmin(t.app, t.db)];
    const rows = await notifyAdmins(t.db, {
      ...notificationContent.consignmentRequested({ submissionId: 'sub-00001234', customerLabel: 'Customer #1234' }),
      submissionId: 'sub-00001234',
      email: true,
    });
    const adminIds = (
      await t.db
        .select({ id: notifications.userId })
        .from(notifications)
        .where(
          inArray(
            notifications.id,
            rows.map((r) => r.id),
          ),
        )
    ).map((r) => r.id);
    for (const admin of admins) expect(adminIds).toContain(admin.id);
    expect(adminIds).not.toContain(client.id);
    expect(rows.every((r) => r.kind === 'consignment_requested' && r.submissionId === 'sub-00001234')).toBe(true);
    for (const admin of admins) {
      const mail = await latestEmailTo(t.app, admin.email, /^Consignment requested/);
      expect(mail!.subject).toBe('Consignment requested for #00001234');
      expect(mail!.textBody).toContain('Customer #1234 would like to sell submission #00001234 on consignment');
    }
    const admin = admins[0]!;
    expect((await list(admin.cookie)).json().items[0]).toMatchObject({
      kind: 'consignment_requested',
      submissionId: 'sub-00001234',
    });
  });

  describe('bad input', () => {
    it('answers 401 to visitors', async () => {
      expect((await list()).statusCode).toBe(401);
      for (const payload of [{}, { ids: ['x'] }, '{"ids":', '[]']) {
        const res = await markRead(payload);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('Please sign in to continue.');
      }
    });

    it.each([
      ['ids that are not a list', { ids: 'abc' }, 'ids must be a list of notification ids.'],
      ['numeric ids', { ids: [1, 2] }, 'Please say which notification this is about.'],
      ['empty ids', { ids: [''] }, 'Please say which notification this is about.'],
      [
        'too many ids',
        { ids: Array.from({ length: 201 }, (_, i) => `n${i}`) },
        'You can mark at most 200 notifications at once.',
      ],
      ['an array body', [1, 2], 'Send {} to mark everything read, or {"ids": [...]} for some notifications.'],
      ['a string body', 'read', 'Send {} to mark everything read, or {"ids": [...]} for some notifications.'],
    ])('answers 400 to %s and changes nothing', async (_name, payload, message) => {
      const client = await signUp(t.app);
      await notify(t.db, { userId: client.id, kind: 'offer_ready', title: 't', body: 'b' });
      const res = await markRead(typeof payload === 'string' ? JSON.stringify(payload) : payload, client.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
      expect((await list(client.cookie)).json().unread).toBe(1);
    });

    it('answers 400 to malformed JSON, plain text and an empty JSON body', async () => {
      const client = await signUp(t.app);
      const bad = await markRead('{"ids": [', client.cookie);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('The request body is not valid JSON.');
      const form = await t.app.inject({
        method: 'POST',
        url: '/api/notifications/read',
        headers: { cookie: client.cookie, 'content-type': 'text/plain' },
        payload: 'ids=1',
      });
      expect(form.statusCode).toBe(400);
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/notifications/read',
        headers: { cookie: client.cookie, 'content-type': 'application/json' },
        payload: '',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('The request body is empty but should be JSON.');
    });
  });
});

describe.each(engines)('notification e-mails over SMTP on %s', (engine) => {
  const env = appWithSmtpSink(engine);

  it("arrive at the person's address", async () => {
    const { t, smtp } = env;
    const client = await signUp(t.app);
    await notify(t.db, {
      userId: client.id,
      ...notificationContent.submissionReceived({ submissionId: 'sub-abcdefgh' }),
      email: true,
    });
    expect(await flushOutbox(t)).toEqual({ sent: 1, failed: 0 });
    const mail = smtp.received.find((m) => m.to.includes(client.email));
    expect(mail?.raw).toContain('Subject: Your parcel has arrived');
    expect(mail?.raw).toContain('#abcdefgh');
  });
});
