// A process that sends one outbox e-mail and freezes at SMTP's commit point, for the test that
// kills it there with SIGKILL (test/notifications/outbox-kill.test.ts). FREEZE says when: 'before' the instant the
// COMMIT and the final dot go out, or 'after' it (on the next turn of the event loop, once both
// were written). It prints "frozen" and then blocks its thread for good.
import { smtpTransport, type MailTransport } from '../../src/adapters/mail/mail-transport.ts';
import { openDatabase } from '../../src/db/client.ts';
import { deliverEmail } from '../../src/modules/notifications/outbox.service.ts';

const freezeForGood = () => {
  process.stdout.write('frozen\n');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
};

const { DATABASE_URL, SMTP_URL, OUTBOX_ID, FREEZE } = process.env;
if (!DATABASE_URL || !SMTP_URL || !OUTBOX_ID || (FREEZE !== 'before' && FREEZE !== 'after')) {
  throw new Error('DATABASE_URL, SMTP_URL, OUTBOX_ID and FREEZE=before|after are needed');
}
const smtp = smtpTransport(SMTP_URL);
const freezing: MailTransport = {
  close: () => smtp.close(),
  send: (message, options) =>
    smtp.send(message, {
      atCommitPoint: (release) =>
        options!.atCommitPoint!(() => {
          if (FREEZE === 'before') freezeForGood();
          release();
          setImmediate(freezeForGood);
        }),
    }),
};
const { db } = await openDatabase({ databaseUrl: DATABASE_URL });
await deliverEmail(db, freezing, 'Assay <no-reply@assay.test>', OUTBOX_ID);
process.stdout.write('sent without freezing\n');
process.exit(1);
