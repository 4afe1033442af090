// An e-mail sender killed with SIGKILL at SMTP's commit point, on either side of the instant its
// transaction's COMMIT and the message's final dot go out: once the delivery job has run again,
// the SMTP server has the e-mail exactly once, with the HTML part the row stored (heading and
// figures), and the outbox row says sent. Separate processes
// share the database, so this runs on PostgreSQL.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../src/adapters/mail/mail-transport.ts';
import { outbox } from '../../src/db/schema/index.ts';
import { enqueueEmail } from '../../src/modules/notifications/outbox.repository.ts';
import { deliverEmail, RETRY_AFTER_MS } from '../../src/modules/notifications/outbox.service.ts';
import { waitFor } from '../support/jobs.ts';
import { readMail } from '../support/mime.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe.runIf(process.env.DATABASE_URL)("an e-mail sender killed at SMTP's commit point", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp('postgres');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const copiesOf = (id: string) => smtp.received.filter((m) => m.raw.includes(`Message-ID: <${id}@assay.test>`)).length;

  it.each([
    ['before', 'pending', 0],
    ['after', 'sent', 1],
  ] as const)(
    'killed %s the COMMIT and the dot go out: row %s, %i copies, and once in all after the job runs again',
    async (freeze, statusAtKill, copiesAtKill) => {
      const email = await enqueueEmail(t.db, {
        to: `killed-${freeze}@assay.test`,
        subject: 'Your offer is ready',
        text: 'Body',
        layout: { heading: 'Your offer is ready', facts: [{ label: 'Our offer', value: '$1,250.00' }] },
      });
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/email-sender-killed.ts'], {
        cwd: apiDir,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'test',
          DATABASE_URL: t.databaseUrl!,
          SMTP_URL: smtp.url,
          OUTBOX_ID: email.id,
          FREEZE: freeze,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise((resolve) => child.on('exit', resolve));
      await waitFor(() => output.includes('frozen') || child.exitCode !== null, 'the sender to reach the commit point', 60_000);
      expect(output.trim()).toBe('frozen');
      child.kill('SIGKILL');
      await exited;

      // PostgreSQL and the SMTP server each see the connection go.
      await waitFor(async () => {
        const [row] = await t.db.select().from(outbox).where(eq(outbox.id, email.id));
        return row?.status === statusAtKill && copiesOf(email.id) === copiesAtKill;
      }, `row ${statusAtKill} with ${copiesAtKill} copies`);
      await sleep(300);
      expect(copiesOf(email.id)).toBe(copiesAtKill);

      // The delivery job runs again once the dead sender's claim is stale.
      const transport = smtpTransport(smtp.url);
      const later = new Date(Date.now() + RETRY_AFTER_MS + 1000);
      const result = await deliverEmail(t.db, transport, 'Assay <no-reply@assay.test>', email.id, later);
      transport.close();
      expect(result).toBe(freeze === 'before' ? 'sent' : 'done');
      await sleep(300);
      expect(copiesOf(email.id)).toBe(1);
      const copy = smtp.received.find((m) => m.raw.includes(`Message-ID: <${email.id}@assay.test>`))!;
      const { text, html } = await readMail(copy);
      expect(text?.trim()).toBe('Body');
      expect(html).toContain('>Your offer is ready</h1>');
      expect(html).toContain('>$1,250.00</td>');
      const [row] = await t.db.select().from(outbox).where(eq(outbox.id, email.id));
      expect(row?.status).toBe('sent');
    },
    90_000,
  );
});
