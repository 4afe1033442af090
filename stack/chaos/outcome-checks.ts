// After the chaos: is everything the stack acknowledged really there, was any payout paid twice,
// did every e-mail reach the SMTP server exactly once? Read from the database itself, the photos
// through the app as their owners (so the bytes in S3 count, not only the rows), and the mail
// from the SMTP sink.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { SunkMessage } from '../mail-sink.ts';
import type { Acknowledged } from './journeys.ts';
import type { StackClient } from './stack-client.ts';

export interface CheckInputs {
  databaseUrl: string;
  acks: Acknowledged;
  /** Each seller's client by seller index, signed in, to read their photos back. */
  sellers: StackClient[];
  admin: StackClient;
  mail: SunkMessage[];
  /** How long to wait for the outbox to empty (a job whose worker was killed waits out its expiry). */
  mailDeadlineSeconds: number;
  say: (line: string) => void;
}

// Rows of the ad-hoc queries below, read by column name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Rows = Record<string, any>[];

export async function checkOutcome(input: CheckInputs) {
  const db = new pg.Client({ connectionString: input.databaseUrl });
  await db.connect();
  const rows = async (text: string, values: unknown[] = []): Promise<Rows> => (await db.query(text, values)).rows;
  const { acks } = input;
  const lost: string[] = [];
  try {
    const found = async (table: string, ids: string[], where = 'true') =>
      new Map((await rows(`select * from ${table} where id = any($1) and ${where}`, [ids])).map((r) => [r.id as string, r]));

    const photoRows = await found(
      'submission_images',
      acks.photos.map((p) => p.imageId),
    );
    for (const photo of acks.photos) {
      const row = photoRows.get(photo.imageId);
      if (!row) lost.push(`photo ${photo.imageId}: no row`);
      else if (row.status !== 'stored') lost.push(`photo ${photo.imageId}: ${row.status}, not stored`);
      else {
        const owner = input.sellers[photo.sellerIndex]!;
        const read = await owner.request('read photo back', 'GET', `/api/objects/${photo.imageId}`).catch(() => null);
        if (read?.status !== 200) lost.push(`photo ${photo.imageId}: its owner reads ${read?.status ?? 'no answer'}`);
      }
    }

    const submissions = await found(
      'submissions',
      acks.submissions.map((s) => s.id),
    );
    for (const s of acks.submissions) if (!submissions.has(s.id)) lost.push(`submission ${s.id}: no row`);
    const attached = new Set(
      (await rows('select id from submission_images where submission_id = any($1)', [acks.submissions.map((s) => s.id)])).map(
        (r) => r.id,
      ),
    );
    for (const s of acks.submissions) {
      for (const imageId of s.imageIds)
        if (!attached.has(imageId)) lost.push(`submission ${s.id}: photo ${imageId} not attached`);
    }

    const labels = await found(
      'shipping_labels',
      acks.labels.map((l) => l.id),
    );
    for (const l of acks.labels) if (!labels.has(l.id)) lost.push(`label ${l.id}: no row`);

    const touched = await found('submissions', [...acks.receipts, ...acks.offers.map((o) => o.submissionId)]);
    for (const id of acks.receipts) {
      if (touched.get(id)?.status === 'new' || !touched.has(id))
        lost.push(`receipt of ${id}: still ${touched.get(id)?.status ?? 'missing'}`);
    }
    for (const offer of acks.offers) {
      const row = touched.get(offer.submissionId);
      const kept = row && (row.status === 'completed' || Number(row.final_offer).toFixed(2) === Number(offer.amount).toFixed(2));
      if (!kept)
        lost.push(
          `offer of ${offer.amount} on ${offer.submissionId}: submission ${row?.status ?? 'missing'}, offer ${row?.final_offer}`,
        );
    }

    const payouts = new Map(
      (await rows('select * from transactions where submission_id = any($1)', [acks.acceptances.map((a) => a.submissionId)])).map(
        (r) => [r.submission_id as string, r],
      ),
    );
    for (const a of acks.acceptances) {
      const row = payouts.get(a.submissionId);
      if (!row) lost.push(`acceptance of ${a.submissionId}: no payout`);
      else if (row.payout_method !== a.method)
        lost.push(`acceptance of ${a.submissionId}: paid by ${row.payout_method}, chosen ${a.method}`);
    }

    const entries = await rows('select batch_id, transaction_id from ach_batch_entries where batch_id = any($1)', [
      acks.achFiles.map((f) => f.batchId),
    ]);
    for (const file of acks.achFiles) {
      const inFile = new Set(entries.filter((e) => e.batch_id === file.batchId).map((e) => e.transaction_id));
      for (const t of file.transactionIds) if (!inFile.has(t)) lost.push(`ACH file ${file.batchId}: payout ${t} missing from it`);
    }
    const settledEntries = await rows(
      `select e.batch_id, t.id, t.status from ach_batch_entries e join transactions t on t.id = e.transaction_id where e.batch_id = any($1)`,
      [acks.achSettled],
    );
    for (const e of settledEntries)
      if (e.status !== 'paid') lost.push(`settled ACH file ${e.batch_id}: payout ${e.id} is ${e.status}`);

    const checks = await found(
      'checks',
      acks.checks.map((c) => c.checkId),
    );
    for (const c of acks.checks) if (!checks.has(c.checkId)) lost.push(`check ${c.checkId}: no row`);
    const mailedPayouts = new Map(
      (await rows('select id, status from transactions where id = any($1)', [acks.checksMailed.map((c) => c.transactionId)])).map(
        (r) => [r.id, r.status],
      ),
    );
    for (const c of acks.checksMailed) {
      if (checks.get(c.checkId)?.status !== 'mailed')
        lost.push(`check ${c.checkId}: ${checks.get(c.checkId)?.status ?? 'missing'}, not mailed`);
      if (mailedPayouts.get(c.transactionId) !== 'paid')
        lost.push(`payout ${c.transactionId} of mailed check: ${mailedPayouts.get(c.transactionId)}`);
    }

    const paidTwice = [
      ...(
        await rows(
          `select transaction_id, attempt, count(*)::int as n from payout_events where transition = 'confirmPaid' group by 1, 2 having count(*) > 1`,
        )
      ).map((r) => `payout ${r.transaction_id}: paid ${r.n} times for attempt ${r.attempt}`),
      ...(
        await rows(`select transaction_id, attempt, count(*)::int as n from ach_batch_entries group by 1, 2 having count(*) > 1`)
      ).map((r) => `payout ${r.transaction_id}: in ${r.n} ACH entries for attempt ${r.attempt}`),
      ...(
        await rows(
          `select transaction_id, count(*)::int as n from checks where status <> 'voided' group by 1 having count(*) > 1`,
        )
      ).map((r) => `payout ${r.transaction_id}: ${r.n} live checks`),
    ];

    const reconciliation = await input.admin.request('ledger reconciliation', 'GET', '/api/admin/ledger/reconciliation');
    const ledgerDisagreements =
      reconciliation.status === 200
        ? reconciliation.json<unknown[]>().map((d) => JSON.stringify(d))
        : [`the reconciliation answered ${reconciliation.status}`];

    // E-mail: wait for the outbox to empty, then every sent row must be in the sink exactly once.
    const started = Date.now();
    let waiting = Infinity;
    while (Date.now() - started < input.mailDeadlineSeconds * 1000) {
      waiting = (await rows(`select count(*)::int as n from outbox where status = 'pending'`))[0]!.n as number;
      if (waiting === 0) break;
      if (Math.round((Date.now() - started) / 1000) % 30 === 0)
        input.say(`  waiting for ${waiting} e-mails to leave the outbox...`);
      await sleep(1000);
    }
    const outbox = await rows('select id, status, attempts, last_error from outbox');
    const copies = new Map<string, number>();
    for (const m of input.mail) {
      const id = /^<([^@>]+)@/.exec(m.messageId)?.[1] ?? m.messageId;
      copies.set(id, (copies.get(id) ?? 0) + 1);
    }
    const emailsLost = outbox
      .filter((r) => r.status !== 'sent' || !copies.has(r.id))
      .map(
        (r) =>
          `e-mail ${r.id}: ${r.status} after ${r.attempts} tries${r.last_error ? ` (${r.last_error})` : ''}${r.status === 'sent' ? ', never received' : ''}`,
      );
    const emailsTwice = [...copies].filter(([, n]) => n > 1).map(([id, n]) => `e-mail ${id}: received ${n} times`);
    return {
      lost,
      paidTwice,
      ledgerDisagreements,
      emailsLost,
      emailsTwice,
      emailsSent: outbox.length,
      mailSeconds: (Date.now() - started) / 1000,
    };
  } finally {
    await db.end();
  }
}
