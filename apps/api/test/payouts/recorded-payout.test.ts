// After a payout is recorded: the payout adapter, an appraiser marking it sent, reading the bank
// details to pay by hand, the e-mail over real SMTP, and logs that never carry bank numbers.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualPayouts } from '../../src/adapters/payouts/manual.ts';
import type { PayoutRequest } from '../../src/adapters/payouts/payout-adapter.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/index.ts';
import { auditLog, notifications, outbox, payoutEvents, transactions } from '../../src/db/schema/index.ts';
import { DecryptionError } from '../../src/lib/crypto.ts';
import { loggerOptions } from '../../src/lib/logger.ts';
import { markPayoutSent } from '../../src/modules/payouts/mark-payout-sent.ts';
import { confirmManualPayout } from '../../src/modules/payouts/confirm-manual-payout.ts';
import { revealBankDetails } from '../../src/modules/payouts/reveal-bank-details.ts';
import {
  ACCOUNT,
  achDetails,
  currentUser,
  offeredSubmission,
  postJson,
  ROUTING,
  signUpAdmin,
} from '../support/payouts.fixtures.ts';
import { signUp } from '../support/sessions.ts';
import { flushOutbox } from '../support/outbox.ts';
import { readMail } from '../support/mime.ts';
import { streetAddress } from '@assay/domain';
import { appWithSmtpSink } from '../support/smtp-app.ts';
import { createTestApp, createTestDatabase, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

const KEY = 'a'.repeat(64);

/** Decodes the quoted-printable text part of a raw e-mail, as a mail client would show it. */
function mailText(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4).replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '=' && /^[0-9A-F]{2}$/.test(body.slice(i + 1, i + 3))) {
      bytes.push(parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(body.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

describe.each(engines)('after the payout is recorded, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  async function recordAch(finalOffer = '1250.00') {
    const client = await signUp(t.app);
    const sub = await offeredSubmission(t.db, client.id, finalOffer);
    const res = await postJson(
      t.app,
      '/api/transactions',
      { submissionId: sub.id, payoutMethod: 'ach', payoutDetails: achDetails },
      client.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    return { client, sub, transaction: res.json() as { id: string; status: string } };
  }

  it('the default manual adapter leaves the payout pending', async () => {
    const { transaction } = await recordAch();
    expect(transaction.status).toBe('pending');
    expect(await manualPayouts().initiate({} as PayoutRequest)).toEqual({ status: 'pending' });
    expect(manualPayouts().provider).toBe('manual');
    expect(manualPayouts().handles('ach')).toBe(false);
  });

  it('an appraiser marks a pending payout sent with its reference; the client hears it', async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const { client, sub, transaction } = await recordAch('1250.00');
    const sent = await markPayoutSent(t.app.ctx, admin.user, { transactionId: transaction.id, reference: '  ACH  trace 0042 ' });
    expect(sent).toMatchObject({
      id: transaction.id,
      status: 'processing',
      rail: 'manual',
      reference: 'ACH trace 0042',
      amount: '1250.00',
      attempt: 1,
    });
    expect(sent.sentAt).toEqual(expect.any(String));
    // Paid once the bank's confirmation is recorded (decision 034), with the bank's reference.
    const paid = await confirmManualPayout(t.app.ctx, admin.user, {
      transactionId: transaction.id,
      confirmation: 'ACH trace 0042',
    });
    expect(paid).toMatchObject({ status: 'paid', rail: 'manual', reference: 'ACH trace 0042' });

    // On the submission's timeline, with the payout's state in the seller's words.
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sub.id), eq(auditLog.action, 'payout_sent')));
    expect(audit).toMatchObject({
      actorId: admin.id,
      entityType: 'submission',
      changes: {
        transactionId: transaction.id,
        payoutStatus: 'paid',
        payoutRail: 'manual',
        payoutMethod: 'ach',
        reference: 'ACH trace 0042',
      },
    });
    // The payout's own history: recorded by the seller, sent and then confirmed by the appraiser, each with its rail.
    const events = await t.db
      .select()
      .from(payoutEvents)
      .where(eq(payoutEvents.transactionId, transaction.id))
      .orderBy(payoutEvents.at);
    expect(events.map((e) => [e.transition, e.fromStatus, e.toStatus, e.rail, e.reference, e.actorId])).toEqual([
      ['recorded', null, 'pending', 'ach-file', null, client.id],
      ['handToRail', 'pending', 'processing', 'manual', 'ACH trace 0042', admin.id],
      ['confirmPaid', 'processing', 'paid', 'manual', 'ACH trace 0042', admin.id],
    ]);
    const detail = await t.app.inject({ url: `/api/submissions/${sub.id}`, headers: { cookie: client.cookie } });
    const entry = (detail.json() as { timeline: { action: string; detail?: string }[] }).timeline.find(
      (e) => e.action === 'payout_sent',
    );
    expect(entry?.detail).toMatch(/^Paid [A-Z][a-z]{2} \d{1,2} by ACH, reference ACH trace 0042\.$/);
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.id), eq(notifications.kind, 'payout_sent')));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.title).toBe('Your payout of $1,250.00 is on its way');
    expect(notes[0]!.body).toContain('Payment reference: ACH trace 0042.');
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, client.email), eq(outbox.subject, 'Your payout of $1,250.00 is on its way')));
    expect(mails).toHaveLength(1);

    const list = await t.app.inject({ url: '/api/transactions', headers: { cookie: client.cookie } });
    expect(list.json()[0]).toMatchObject({ status: 'paid', reference: 'ACH trace 0042' });

    await expect(
      markPayoutSent(t.app.ctx, admin.user, { transactionId: transaction.id, reference: 'again' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This payout has already been marked as sent.',
    });
  });

  it('refuses clients, unknown payouts and empty or overlong references', async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const { client, transaction } = await recordAch();
    await expect(
      markPayoutSent(t.app.ctx, currentUser(client), { transactionId: transaction.id, reference: 'REF' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      markPayoutSent(t.app.ctx, admin.user, { transactionId: 'no-such-payout', reference: 'REF' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'That payout was not found.' });
    for (const reference of ['', '   ', 'x'.repeat(101), 42 as unknown as string]) {
      await expect(
        markPayoutSent(t.app.ctx, admin.user, { transactionId: transaction.id, reference: reference }),
      ).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Please enter the payment reference from the bank or PayPal (1 to 100 characters).',
      });
    }
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, transaction.id));
    expect(row).toMatchObject({ status: 'pending', reference: null, sentAt: null });
  });

  it('decrypts the bank details for an appraiser only, and writes every look to the audit log', async () => {
    const admin = await signUpAdmin(t.app, t.db);
    const { client, transaction } = await recordAch();
    expect(await revealBankDetails(t.app.ctx, admin.user, { transactionId: transaction.id })).toEqual(achDetails);
    const looks = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, transaction.id), eq(auditLog.action, 'bank_details_viewed')));
    expect(looks.map((l) => l.actorId)).toEqual([admin.id]);
    await expect(revealBankDetails(t.app.ctx, currentUser(client), { transactionId: transaction.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(revealBankDetails(t.app.ctx, admin.user, { transactionId: 'nope' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    // A ciphertext moved to another row does not decrypt there.
    const other = await recordAch();
    const [source] = await t.db.select().from(transactions).where(eq(transactions.id, transaction.id));
    await t.db
      .update(transactions)
      .set({ encryptedBankDetails: source!.encryptedBankDetails })
      .where(eq(transactions.id, other.transaction.id));
    await expect(revealBankDetails(t.app.ctx, admin.user, { transactionId: other.transaction.id })).rejects.toBeInstanceOf(
      DecryptionError,
    );

    const paypalClient = await signUp(t.app);
    const sub = await offeredSubmission(t.db, paypalClient.id);
    const paypal = await postJson(
      t.app,
      '/api/transactions',
      { submissionId: sub.id, payoutMethod: 'paypal', payoutDetails: { email: 'p@example.com' } },
      paypalClient.cookie,
    );
    expect(await revealBankDetails(t.app.ctx, admin.user, { transactionId: paypal.json().id })).toBeNull();
  });
});

describe.each(engines)('the payout e-mail over SMTP on %s', (engine) => {
  const env = appWithSmtpSink(engine);

  it('arrives with the amount after the fee, the method and its timing, and no bank numbers', async () => {
    const { t, smtp } = env;
    const client = await signUp(t.app, { firstName: 'Grace' });
    const sub = await offeredSubmission(t.db, client.id, '1000.00');
    const res = await postJson(
      t.app,
      '/api/transactions',
      { submissionId: sub.id, payoutMethod: 'paypal', payoutDetails: { email: 'grace@example.com' } },
      client.cookie,
    );
    expect(res.statusCode).toBe(201);
    expect(await flushOutbox(t)).toEqual({ sent: 1, failed: 0 });
    const mail = smtp.received.find((m) => m.to.includes(client.email));
    expect(mail?.from).toBe('no-reply@assay.test');
    expect(mail?.raw).toContain('Subject: Payout of $970.70 recorded');
    const text = mailText(mail!.raw);
    expect(text).toContain('Hello Grace,');
    expect(text).toContain(
      `We have recorded your payout of $970.70 for submission #${sub.id.slice(-8)}, by PayPal to grace@example.com.`,
    );
    expect(text).toContain('That is your offer of $1,000.00 minus the PayPal fee of $29.30.');
    expect(text).toContain('We send every payout within 24 hours. PayPal credits a payment as soon as our team sends it.');
    // Signed, then the business identity the outbox ends every e-mail with (email-layout.ts).
    const { legalName, address } = t.config.business;
    expect(
      (await readMail(mail!)).text?.trimEnd().endsWith(`— The Assay team\n\n--\n${legalName}\n${streetAddress(address)}`),
    ).toBe(true);

    const achClient = await signUp(t.app, { firstName: 'Alan' });
    const achSub = await offeredSubmission(t.db, achClient.id, '2500.00');
    await postJson(
      t.app,
      '/api/transactions',
      { submissionId: achSub.id, payoutMethod: 'ach', payoutDetails: achDetails },
      achClient.cookie,
    );
    expect(await flushOutbox(t)).toEqual({ sent: 1, failed: 0 });
    const achMail = smtp.received.find((m) => m.to.includes(achClient.email))!;
    const achText = mailText(achMail.raw);
    expect(achText).toContain(
      '$2,500.00 for submission #' + achSub.id.slice(-8) + ", by ACH bank transfer to Ada Lovelace's account ending in 6789.",
    );
    expect(achText).toContain('ACH bank transfers take 1-2 business days to reach your bank once we send them.');
    expect(achMail.raw).not.toContain(ACCOUNT);
    expect(achMail.raw).not.toContain(ROUTING);
  });
});

describe.each(engines)('logs on %s', (engine) => {
  it('never contain the full account or routing number, even at trace level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assay-logs-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: TEST_ORIGIN,
      SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
      ENCRYPTION_KEY: KEY,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'trace',
    });
    const { database, cleanup } = await createTestDatabase(engine);
    const app = await buildApp({
      config,
      database,
      secrets: { sessionSecret: config.sessionSecret!, encryptionKey: KEY, previousEncryptionKeys: [] },
      backgroundJobs: false,
      logger: { ...(loggerOptions('trace') as object), stream },
    });
    try {
      await app.ready();
      const client = await signUp(app);
      const sub = await offeredSubmission(database.db, client.id);
      const ok = await postJson(
        app,
        '/api/transactions',
        { submissionId: sub.id, payoutMethod: 'ach', payoutDetails: achDetails },
        client.cookie,
      );
      expect(ok.statusCode).toBe(201);
      // Refused requests too: a bad checksum, a wrong account number, a paid submission, a visitor.
      for (const details of [
        { ...achDetails, routingNumber: '011000016' },
        { ...achDetails, accountNumber: `${ACCOUNT}99999999` },
        achDetails,
      ]) {
        const res = await postJson(
          app,
          '/api/transactions',
          { submissionId: sub.id, payoutMethod: 'ach', payoutDetails: details },
          client.cookie,
        );
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
      }
      await postJson(app, '/api/transactions', { submissionId: sub.id, payoutMethod: 'ach', payoutDetails: achDetails });
    } finally {
      await app.close();
      await cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    }
    const text = lines.join('');
    expect(text).toContain('"url":"/api/transactions"');
    expect(text).not.toContain(ACCOUNT);
    expect(text).not.toContain(ROUTING);
    expect(text).not.toContain(ACCOUNT.slice(0, 8));
  });
});
