// The job engine on both databases: enqueue joins the caller's transaction, outbox delivery retries
// and then dead-letters, a sent e-mail is never sent twice, and without SMTP mail stays put.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../src/adapters/mail/mail-transport.ts';
import { outbox } from '../../src/db/schema/index.ts';
import { enqueue, enqueueJob } from '../../src/jobs/enqueue.ts';
import type { JobEngine } from '../../src/jobs/job-engine.ts';
import { outboxJobs } from '../../src/modules/notifications/index.ts';
import { enqueueEmail } from '../../src/modules/notifications/outbox.repository.ts';
import { DELIVERY_RETRY_DELAY_SECONDS, MAX_EMAIL_ATTEMPTS } from '../../src/modules/notifications/outbox.service.ts';
import { quietLogger, rowsOf, startTestEngine, waitFor } from '../support/jobs.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

type TestJobs = { 'test-record': { n: number } };

describe.each(engines)('the job engine on %s', (engine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let running: JobEngine | undefined;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(async () => {
    await running?.stop({ timeoutMs: 1000 });
    running = undefined;
    smtp.refuseMail(false);
  });

  const jobsOfQueue = async (name: string) =>
    rowsOf<{ state: string; retry_count: number; data: { outboxId?: string; n?: number } }>(
      await t.db.execute(sql`select state, retry_count, data from pgboss.job where name = ${name} order by created_on`),
    );

  it('runs a job enqueued in a committed transaction and never one from a rolled-back one', async () => {
    const seen: number[] = [];
    running = await startTestEngine<TestJobs>(t.db, [{ name: 'test-record', handle: async ({ n }) => void seen.push(n) }]);
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueJob<TestJobs, 'test-record'>(tx, 'test-record', { n: 1 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await t.db.transaction(async (tx) => {
      await enqueueJob<TestJobs, 'test-record'>(tx, 'test-record', { n: 2 });
    });
    await waitFor(() => seen.length > 0, 'the committed job');
    expect(seen).toEqual([2]);
    expect((await jobsOfQueue('test-record')).map((j) => j.data.n)).toEqual([2]);
  });

  it('writes an e-mail and its delivery job together, or neither', async () => {
    running = await startTestEngine(t.db, outboxJobs({ db: t.db, transport: null, from: 'a@assay.test', logger: quietLogger }));
    await running.stop();
    const before = (await jobsOfQueue('outbox-delivery')).length;
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueEmail(tx, { to: 'never@assay.test', subject: 'S', text: 'T' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const email = await t.db.transaction((tx) => enqueueEmail(tx, { to: 'kept@assay.test', subject: 'S', text: 'T' }));
    expect(await t.db.select().from(outbox).where(eq(outbox.toAddress, 'never@assay.test'))).toEqual([]);
    const jobs = await jobsOfQueue('outbox-delivery');
    expect(jobs).toHaveLength(before + 1);
    expect(jobs.at(-1)?.data).toEqual({ outboxId: email.id });
  });

  it('retries a refused e-mail with backoff, then gives it up and dead-letters its job', async () => {
    const jobs = outboxJobs({ db: t.db, transport: smtpTransport(smtp.url), from: 'a@assay.test', logger: quietLogger });
    // The real queue's options first, then the same queue without its pause, so the test is quick.
    running = await startTestEngine(t.db, jobs);
    await running.stop();
    const [queue] = rowsOf<Record<string, unknown>>(
      await t.db.execute(
        sql`select retry_limit, retry_delay, retry_backoff, dead_letter from pgboss.queue where name = 'outbox-delivery'`,
      ),
    );
    expect(queue).toEqual({
      retry_limit: MAX_EMAIL_ATTEMPTS - 1,
      retry_delay: DELIVERY_RETRY_DELAY_SECONDS,
      retry_backoff: true,
      dead_letter: 'outbox-dead-letter',
    });
    await t.db.execute(sql`update pgboss.queue set retry_delay = 0, retry_backoff = false where name = 'outbox-delivery'`);

    smtp.refuseMail(true);
    const email = await enqueueEmail(t.db, { to: 'bounce@assay.test', subject: 'Hello', text: 'Body' });
    running = await startTestEngine(t.db, jobs);
    const rowOf = async () => (await t.db.select().from(outbox).where(eq(outbox.id, email.id)))[0]!;
    await waitFor(async () => (await rowOf()).status === 'failed', 'the e-mail to be given up', 30_000);
    const row = await rowOf();
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_EMAIL_ATTEMPTS });
    expect(row.lastError).toMatch(/Mailbox unavailable/);
    await waitFor(
      async () => (await jobsOfQueue('outbox-dead-letter')).some((j) => j.data.outboxId === email.id && j.state === 'completed'),
      'the dead letter to be handled',
    );
    const delivery = (await jobsOfQueue('outbox-delivery')).find((j) => j.data.outboxId === email.id);
    expect(delivery).toMatchObject({ state: 'failed', retry_count: MAX_EMAIL_ATTEMPTS - 1 });
    // The row stays given up: the dead-letter handler does not touch its record.
    expect(await rowOf()).toMatchObject({ status: 'failed', attempts: MAX_EMAIL_ATTEMPTS });
  });

  it('sends an e-mail once, however often its delivery job runs', async () => {
    running = await startTestEngine(
      t.db,
      outboxJobs({ db: t.db, transport: smtpTransport(smtp.url), from: 'a@assay.test', logger: quietLogger }),
    );
    const to = `once-${crypto.randomUUID()}@assay.test`;
    const email = await enqueueEmail(t.db, { to, subject: 'Once', text: 'Body' });
    const received = () => smtp.received.filter((m) => m.to.includes(to)).length;
    await waitFor(() => received() === 1, 'the e-mail');
    await enqueue(t.db, 'outbox-delivery', { outboxId: email.id });
    await waitFor(
      async () =>
        (await jobsOfQueue('outbox-delivery')).filter((j) => j.data.outboxId === email.id && j.state === 'completed').length ===
        2,
      'the second job',
    );
    expect(received()).toBe(1);
    expect((await t.db.select().from(outbox).where(eq(outbox.id, email.id)))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('leaves e-mails in the outbox when no SMTP server is configured', async () => {
    running = await startTestEngine(t.db, outboxJobs({ db: t.db, transport: null, from: 'a@assay.test', logger: quietLogger }));
    const email = await enqueueEmail(t.db, { to: 'demo@assay.test', subject: 'S', text: 'T' });
    await waitFor(
      async () => (await jobsOfQueue('outbox-delivery')).some((j) => j.data.outboxId === email.id && j.state === 'completed'),
      'the job',
    );
    expect((await t.db.select().from(outbox).where(eq(outbox.id, email.id)))[0]).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
  });
});
