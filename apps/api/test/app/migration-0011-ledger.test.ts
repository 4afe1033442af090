// Migration 0011 (the ledger backfill) on a database that already has payouts: each gets exactly
// the lines the code would have posted (the domain's builders are the expected answer), each
// posting balances, the reconciliation agrees with every payout, and a payout that already has its
// lines is left alone.
import {
  type LedgerAccount,
  type LedgerLine,
  offerAccepted,
  payoutAmountCents,
  payoutFeeCents,
  payoutHandedToRail,
  payoutPaid,
  reconcilePayout,
} from '@assay/domain';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client.ts';
import { migrationsUpTo } from '../support/migrations-up-to.ts';
import { blankPGlite } from '../support/test-databases.ts';

const dollars = (cents: number) => (cents / 100).toFixed(2);
const paypalGross = 20_000;
const paypalFee = payoutFeeCents(paypalGross, 'paypal');

interface Row {
  posting_id: string;
  transaction_id: string;
  account: string;
  debit_cents: string | number;
  credit_cents: string | number;
  memo: string;
  event: string;
}

/** A posting as comparable text, whatever the order of its lines. */
const postingKey = (lines: readonly LedgerLine[], event: string) =>
  [event, ...lines.map((l) => `${l.account} ${l.debitCents} ${l.creditCents} ${l.memo}`).sort()].join(' | ');

describe('migration 0011 on payouts made before the ledger', () => {
  it('posts each payout the lines the code would have, balanced, so the reconciliation agrees', async () => {
    const client = await blankPGlite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo('0010_rails_ledger_inbox') });
    await client.exec(`
      insert into users (id, name, email, email_verified, first_name, last_name, created_at, updated_at)
        values ('u1', 'Old Seller', 'old@example.com', true, 'Old', 'Seller', now(), now());
      insert into submissions (id, user_id, category, description, estimated_weight, weight_unit, status, guarantee_deadline, final_offer)
        values ('s1', 'u1', 'scrap', 'Old chain', 10, 'grams', 'completed', now(), '400.00'),
               ('s2', 'u1', 'scrap', 'Old ring', 5, 'grams', 'completed', now(), '${dollars(paypalGross)}'),
               ('s3', 'u1', 'scrap', 'Old coin', 5, 'grams', 'completed', now(), '150.00'),
               ('s4', 'u1', 'scrap', 'Old pin', 5, 'grams', 'completed', now(), '90.00');
      insert into transactions (id, submission_id, user_id, gross_amount, fee_amount, amount, payout_method, payout_details, status, reference, sent_at, created_at)
        values ('t1', 's1', 'u1', '400.00', '0.00', '400.00', 'ach', '{"accountName":"Old Seller","accountLast4":"1234","routingLast4":"0015"}', 'paid', 'ACH-OLD-1', '2026-01-03T10:00:00Z', '2026-01-02T10:00:00Z'),
               ('t2', 's2', 'u1', '${dollars(paypalGross)}', '${dollars(paypalFee)}', '${dollars(payoutAmountCents(paypalGross, 'paypal'))}', 'paypal', '{"email":"old@example.com"}', 'pending', null, null, '2026-01-04T10:00:00Z'),
               ('t3', 's3', 'u1', '150.00', '0.00', '150.00', 'check', '{"method":"check"}', 'paid', null, '2026-01-06T10:00:00Z', '2026-01-05T10:00:00Z'),
               ('t4', 's4', 'u1', '90.00', '0.00', '90.00', 'check', '{"method":"check"}', 'pending', null, null, '2026-01-07T10:00:00Z');
      -- Already on the ledger (posted by the code before this migration ran): left as it is.
      insert into ledger_lines (id, posting_id, transaction_id, account, debit_cents, credit_cents, memo, event)
        values ('l1', 'p1', 't4', 'inventory:purchases', 9000, 0, 'Offer accepted: items bought', 'offer_accepted'),
               ('l2', 'p1', 't4', 'liability:seller-payable', 0, 9000, 'Offer accepted: payout owed to the seller', 'offer_accepted');
    `);
    await migrate(db, { migrationsFolder });

    const { rows } = await client.query<Row>(
      'select posting_id, transaction_id, account, debit_cents, credit_cents, memo, event from ledger_lines order by id',
    );
    const linesOf = (id: string) =>
      rows
        .filter((r) => r.transaction_id === id)
        .map((r): LedgerLine & { postingId: string; event: string } => ({
          postingId: r.posting_id,
          event: r.event,
          account: r.account as LedgerAccount,
          debitCents: Number(r.debit_cents),
          creditCents: Number(r.credit_cents),
          memo: r.memo,
        }));
    const postingsOf = (id: string) => {
      const byPosting = new Map<string, (LedgerLine & { event: string })[]>();
      for (const line of linesOf(id)) byPosting.set(line.postingId, [...(byPosting.get(line.postingId) ?? []), line]);
      return [...byPosting.values()].map((lines) => postingKey(lines, lines[0]!.event)).sort();
    };

    /** What the code posts: the acceptance, and for a payout paid by hand the hand-over then the payment. */
    const expected = (grossCents: number, feeCents: number, paidWith?: { reference?: string }) => {
      const accepted = offerAccepted({ grossCents, feeCents });
      const postings = [postingKey(accepted, 'offer_accepted')];
      if (paidWith) {
        const amountCents = grossCents - feeCents;
        const handed = payoutHandedToRail({ rail: 'manual', amountCents, priorLines: accepted, ...paidWith });
        const paid = payoutPaid({ rail: 'manual', amountCents, priorLines: [...accepted, ...handed], ...paidWith });
        postings.push(postingKey(handed, 'confirmPaid'), postingKey(paid, 'confirmPaid'));
      }
      return postings.sort();
    };
    expect(postingsOf('t1')).toEqual(expected(40_000, 0, { reference: 'ACH-OLD-1' }));
    expect(postingsOf('t2')).toEqual(expected(paypalGross, paypalFee));
    expect(postingsOf('t3')).toEqual(expected(15_000, 0, {}));
    expect(linesOf('t4').map((l) => l.postingId)).toEqual(['p1', 'p1']);

    const balanced = await client.query(
      'select posting_id from ledger_lines group by posting_id having sum(debit_cents) <> sum(credit_cents)',
    );
    expect(balanced.rows).toEqual([]);

    const payouts = await client.query<{ id: string; status: 'paid' | 'pending'; amount: string }>(
      'select id, status, amount from transactions order by id',
    );
    for (const payout of payouts.rows) {
      const verdict = reconcilePayout({
        railStatus: payout.status,
        amountCents: Math.round(Number(payout.amount) * 100),
        lines: linesOf(payout.id),
        rail: 'manual',
      });
      expect(verdict, payout.id).toEqual({ agrees: true });
    }
    // The backfill leaves nothing behind but the lines.
    const temp = await client.query(`select 1 from pg_class where relname = 'ledger_backfill_payouts'`);
    expect(temp.rows).toEqual([]);
    await client.close();
  });
});
