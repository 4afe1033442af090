// Migration 0009 (the payout lifecycle) on a database that already has payouts: one marked sent by
// an appraiser becomes paid on the manual rail, one still pending stays so, and each gets its
// history in payout_events (recorded, and paid with its reference), so no old payout loses its story.
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client.ts';
import { migrationsUpTo } from '../support/migrations-up-to.ts';
import { blankPGlite } from '../support/test-databases.ts';

describe('migration 0009 on payouts made before the lifecycle', () => {
  it('turns "sent" into paid on the manual rail and writes each payout its history', async () => {
    const client = await blankPGlite();
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: migrationsUpTo('0008_honest_offer') });
    await client.exec(`
      insert into users (id, name, email, email_verified, first_name, last_name, created_at, updated_at)
        values ('u1', 'Old Seller', 'old@example.com', true, 'Old', 'Seller', now(), now());
      insert into submissions (id, user_id, category, description, estimated_weight, weight_unit, status, guarantee_deadline, final_offer)
        values ('s1', 'u1', 'scrap', 'Old chain', 10, 'grams', 'completed', now(), '400.00'),
               ('s2', 'u1', 'scrap', 'Old ring', 5, 'grams', 'completed', now(), '200.00');
      insert into transactions (id, submission_id, user_id, gross_amount, fee_amount, amount, payout_method, payout_details, status, reference, sent_at, created_at)
        values ('t1', 's1', 'u1', '400.00', '0.00', '400.00', 'ach', '{"accountName":"Old Seller","accountLast4":"1234","routingLast4":"0015"}', 'sent', 'ACH-OLD-1', '2026-01-03T10:00:00Z', '2026-01-02T10:00:00Z'),
               ('t2', 's2', 'u1', '200.00', '0.00', '200.00', 'check', '{"method":"check"}', 'pending', null, null, '2026-01-04T10:00:00Z');
    `);
    await migrate(db, { migrationsFolder });

    const payouts = await client.query<{ id: string; status: string; rail: string; attempt: number; status_changed_at: Date }>(
      'select id, status, rail, attempt, status_changed_at from transactions order by id',
    );
    expect(payouts.rows.map((r) => [r.id, r.status, r.rail, r.attempt, r.status_changed_at.toISOString()])).toEqual([
      ['t1', 'paid', 'manual', 1, '2026-01-03T10:00:00.000Z'],
      ['t2', 'pending', 'manual', 1, '2026-01-04T10:00:00.000Z'],
    ]);
    const events = await client.query<{
      transaction_id: string;
      transition: string;
      to_status: string;
      reference: string | null;
    }>('select transaction_id, transition, to_status, reference from payout_events order by transaction_id, at');
    expect(events.rows.map((e) => [e.transaction_id, e.transition, e.to_status, e.reference])).toEqual([
      ['t1', 'recorded', 'pending', null],
      ['t1', 'confirmPaid', 'paid', 'ACH-OLD-1'],
      ['t2', 'recorded', 'pending', null],
    ]);
    await client.close();
  });
});
