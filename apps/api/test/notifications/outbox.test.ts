import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../src/adapters/mail/mail-transport.ts';
import { outbox } from '../../src/db/schema/index.ts';
import { enqueueEmail } from '../../src/modules/notifications/outbox.repository.ts';
import { deliverPendingEmails, MAX_EMAIL_ATTEMPTS, RETRY_AFTER_MS } from '../../src/modules/notifications/outbox.service.ts';
import { signUp } from '../support/sessions.ts';
import { flushOutbox } from '../support/outbox.ts';
import { appWithSmtpSink } from '../support/smtp-app.ts';
import { createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

describe.each(engines)('e-mail over SMTP on %s', (engine) => {
  const env = appWithSmtpSink(engine);

  it('delivers the password reset e-mail to the SMTP server and marks it sent', async () => {
    const { t, smtp } = env;
    const client = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/request-password-reset',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email: client.email, redirectTo: '/reset-password' },
    });
    expect(res.statusCode).toBe(200);
    expect(await flushOutbox(t)).toEqual({ sent: 1, failed: 0 });
    const mail = smtp.received.find((m) => m.to.includes(client.email));
    expect(mail?.from).toBe('no-reply@assay.test');
    expect(mail?.raw).toContain('Subject: Reset your Assay password');
    expect(mail?.raw).toMatch(/reset-password\//);
    // By its subject: the sign-up wrote this address an e-mail of its own, and rows have no order.
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, client.email), eq(outbox.subject, 'Reset your Assay password')));
    expect(row?.status).toBe('sent');
    // The row's own Message-ID, so every try of this e-mail is recognisably the same message.
    expect(mail?.raw).toContain(`Message-ID: <${row!.id}@assay.test>`);
    expect(await flushOutbox(t)).toEqual({ sent: 0, failed: 0 });
  });

  it('keeps a refused e-mail, retries it after a pause, and gives up after the last attempt', async () => {
    const { t, smtp } = env;
    const email = await enqueueEmail(t.db, { to: 'bounce@assay.test', subject: 'Hello', text: 'Body' });
    const transport = smtpTransport(smtp.url);
    smtp.refuseMail(true);
    try {
      let clock = Date.now();
      for (let attempt = 1; attempt <= MAX_EMAIL_ATTEMPTS; attempt++) {
        const result = await deliverPendingEmails(t.db, transport, 'a@assay.test', () => new Date(clock));
        expect(result.failed, `attempt ${attempt}`).toBe(1);
        // Nothing is retried before the pause is over.
        expect((await deliverPendingEmails(t.db, transport, 'a@assay.test', () => new Date(clock))).failed).toBe(0);
        clock += RETRY_AFTER_MS + 1000;
      }
      const [row] = await t.db.select().from(outbox).where(eq(outbox.id, email.id));
      expect(row).toMatchObject({ status: 'failed', attempts: MAX_EMAIL_ATTEMPTS });
      expect(row?.lastError).toMatch(/Mailbox unavailable/);
    } finally {
      smtp.refuseMail(false);
      transport.close();
    }
  });
});

describe('without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('keeps e-mails in the outbox and sends nothing', async () => {
    await enqueueEmail(t.db, { to: 'x@assay.test', subject: 'S', text: 'T' });
    expect(await flushOutbox(t)).toBeNull();
    const rows = await t.db.select().from(outbox);
    expect(rows.map((r) => r.status)).toEqual(['pending']);
  });
});
