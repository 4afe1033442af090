// The SMTP transport against a real SMTP server on loopback: the server has a message only once the
// caller releases its final dot at the commit point; a caller that fails before that leaves the
// server nothing; a refusal after the dot is told apart from a lost answer.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailSendError, smtpTransport } from '../../src/adapters/mail/mail-transport.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';

describe('the SMTP transport', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(() => smtp.close());

  const message = (to: string) => ({
    from: 'Assay <no-reply@assay.test>',
    to,
    subject: 'Your offer is ready',
    text: 'Plain',
    html: '<p>Plain</p>',
    messageId: `<${to}>`,
  });
  const copiesTo = (to: string) => smtp.received.filter((m) => m.to.includes(to)).length;

  it('sends plain text and HTML with bare addresses on the envelope and the display name in the header', async () => {
    const transport = smtpTransport(smtp.url);
    await transport.send(message('plain@assay.test'));
    const mail = smtp.received.find((m) => m.to.includes('plain@assay.test'))!;
    expect(mail.from).toBe('no-reply@assay.test');
    expect(mail.raw).toContain('From: Assay <no-reply@assay.test>');
    expect(mail.raw).toContain('Message-ID: <plain@assay.test>');
    expect(mail.raw).toMatch(/multipart\/alternative/);
  });

  it('delivers nothing until the caller releases the final dot at its commit point', async () => {
    const transport = smtpTransport(smtp.url);
    let release: (() => void) | undefined;
    const sending = transport.send(message('held@assay.test'), {
      atCommitPoint: async (r) => {
        release = r;
      },
    });
    await expect.poll(() => release).toBeDefined();
    await sleep(200);
    expect(copiesTo('held@assay.test')).toBe(0);
    release!();
    await sending;
    expect(copiesTo('held@assay.test')).toBe(1);
  });

  it('abandons the message when the caller fails before releasing it, with the caller’s error', async () => {
    const transport = smtpTransport(smtp.url);
    const failure = new Error('the database is not reachable');
    await expect(
      transport.send(message('abandoned@assay.test'), {
        atCommitPoint: async () => {
          throw failure;
        },
      }),
    ).rejects.toBe(failure);
    await sleep(200);
    expect(copiesTo('abandoned@assay.test')).toBe(0);
    // The server took the dropped connection in its stride.
    await transport.send(message('after-abandoned@assay.test'));
    expect(copiesTo('after-abandoned@assay.test')).toBe(1);
  });

  it('says a refusal after the dot was a refusal, and a failure before it that nothing was released', async () => {
    const transport = smtpTransport(smtp.url);
    smtp.refuseMail(true);
    try {
      const error = await transport.send(message('refused@assay.test')).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(MailSendError);
      expect((error as MailSendError).afterRelease).toBe('refused');
      expect((error as MailSendError).message).toMatch(/Mailbox unavailable/);
    } finally {
      smtp.refuseMail(false);
    }
    const unreachable = smtpTransport('smtp://127.0.0.1:1', { timeoutMs: 2000 });
    const error = await unreachable.send(message('nowhere@assay.test')).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(MailSendError);
    expect((error as MailSendError).afterRelease).toBeNull();
  });
});
