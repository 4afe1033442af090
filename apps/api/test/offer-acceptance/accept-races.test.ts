// Issue 25 item 3: the seller accepting the offer while an appraiser accepts the seller's
// counter-offer. On PostgreSQL the two took their row locks in opposite orders (the seller the
// submission, then the offer; the appraiser the offer, then the submission), deadlocked and
// answered a generic 500 in about half the rounds. Each round now ends with one winner and a 409
// sentence for the other, never a 500. PGlite runs one statement at a time and cannot deadlock,
// so the race is run on PostgreSQL only.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubmission } from '../../src/db/factories.ts';
import { offers, submissions, transactions } from '../../src/db/schema/index.ts';
import { saveAddress } from '../support/addresses.ts';
import { goldLine } from '../support/offer-lines.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

const ROUNDS = 20;

if (!process.env.DATABASE_URL) {
  describe('offer acceptance races', () => {
    it.skip('run on PostgreSQL only: set DATABASE_URL to race the seller against the appraiser', () => undefined);
  });
} else {
  describe('offer acceptance races on postgres', () => {
    let t: TestApp;
    let admin: { id: string; cookie: string };
    let seller: { id: string; cookie: string };

    const send = (method: 'PUT' | 'POST', url: string, body: unknown, cookie: string) =>
      t.app.inject({
        method,
        url,
        headers: { cookie, origin: TEST_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });

    beforeAll(async () => {
      t = await createTestApp('postgres');
      admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
      seller = await signUp(t.app, { firstName: 'Casey' });
      await saveAddress(t.app, seller.cookie);
    });
    afterAll(() => t.close());

    /** An offered submission (version 1, $497.25) with the seller's open counter-offer of $600. */
    async function countered() {
      const row = buildSubmission({ userId: seller.id, status: 'appraising', weightUnit: 'grams' });
      await t.db.insert(submissions).values(row);
      const offered = await send(
        'PUT',
        `/api/submissions/${row.id}`,
        { status: 'offered', offerLines: [goldLine] },
        admin.cookie,
      );
      expect(offered.statusCode, offered.body).toBe(200);
      const counter = await send('POST', `/api/submissions/${row.id}/counter`, { amount: '600', message: '' }, seller.cookie);
      expect(counter.statusCode, counter.body).toBe(200);
      return row.id!;
    }

    it(`the seller's accept and the appraiser's accept-counter at once: ${ROUNDS} rounds, one winner each, no 500`, async () => {
      const statuses: number[] = [];
      const winners = { seller: 0, appraiser: 0 };
      for (let round = 0; round < ROUNDS; round += 1) {
        const id = await countered();
        const [pay, acceptCounter] = await Promise.all([
          send('POST', '/api/transactions', { submissionId: id, payoutMethod: 'check', offerVersion: 1 }, seller.cookie),
          send('POST', `/api/admin/submissions/${id}/counter/accept`, undefined, admin.cookie),
        ]);
        statuses.push(pay.statusCode, acceptCounter.statusCode);
        for (const res of [pay, acceptCounter]) {
          expect(res.statusCode, `round ${round}: ${res.body}`).not.toBe(500);
          if (res.statusCode >= 400) expect(res.json().message).toMatch(/[a-z].*\.$/);
        }
        const [submission] = await t.db.select().from(submissions).where(eq(submissions.id, id));
        const versions = await t.db.select().from(offers).where(eq(offers.submissionId, id)).orderBy(asc(offers.version));
        const payouts = await t.db.select().from(transactions).where(eq(transactions.submissionId, id));
        if (pay.statusCode === 201) {
          // The seller won: the offer they saw is accepted and paid; the counter was never taken.
          expect(acceptCounter.statusCode, acceptCounter.body).toBe(409);
          expect(submission!.status).toBe('completed');
          expect(versions.map((v) => [v.version, v.status])).toEqual([[1, 'accepted']]);
          expect(payouts.map((p) => p.grossAmount)).toEqual([49_725]);
          winners.seller += 1;
        } else {
          // The appraiser won: the counter is the new open offer; the seller is told it changed.
          expect(pay.statusCode, pay.body).toBe(409);
          expect(acceptCounter.statusCode, acceptCounter.body).toBe(200);
          expect([submission!.status, submission!.finalOffer]).toEqual(['offered', 60_000]);
          expect(versions.map((v) => [v.version, v.status, v.counterStatus])).toEqual([
            [1, 'superseded', 'accepted'],
            [2, 'open', null],
          ]);
          expect(payouts).toEqual([]);
          winners.appraiser += 1;
        }
      }
      expect(statuses.filter((s) => s === 500)).toEqual([]);
      expect(winners.seller + winners.appraiser).toBe(ROUNDS);
    }, 120_000);
  });
}
