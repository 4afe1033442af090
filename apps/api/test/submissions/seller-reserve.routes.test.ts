// The seller's reserve through the real app (issue 27 item 6, decision 040): set at submission,
// changed only by its seller and only before the offer; an offer at or above it is accepted for
// the seller, who may decline for 24 h, after which the job pays it exactly as an acceptance; an
// offer below it sends the parcel back free, saying why.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobEngine } from '../../src/jobs/job-engine.ts';
import type { JobPayloads } from '../../src/jobs/job-definitions.ts';
import { payMetReserve, reservePayoutJobs } from '../../src/modules/offer-acceptance/index.ts';
import { saveAddress } from '../support/addresses.ts';
import { rowsOf, startTestEngine } from '../support/jobs.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';
import { photographItems } from '../support/report-lines.ts';

class MovableClock {
  constructor(private ms = Date.now()) {}
  now = () => new Date(this.ms);
  advance(ms: number) {
    this.ms += ms;
  }
}
const HOUR = 3_600_000;
const paypal = { payoutMethod: 'paypal', payoutDetails: { email: 'casey@example.com' } };

describe.each(engines)('seller reserve on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let seller: { id: string; cookie: string };
  let other: { id: string; cookie: string };
  const clock = new MovableClock();

  const send = (method: 'PUT' | 'POST' | 'GET', url: string, cookie: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: TEST_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const create = (form: object = {}) =>
    send('POST', '/api/submissions', seller.cookie, {
      category: 'jewelry',
      description: 'Gold chain',
      estimatedWeight: 10,
      weightUnit: 'grams',
      ...form,
    });
  const offer = async (id: string, finalOffer: string) => {
    // What its police report line needs: a photo of the item.
    await photographItems(t.db, id, seller.id);
    expect((await send('POST', `/api/admin/submissions/${id}/receive`, admin.cookie, {})).statusCode).toBe(200);
    return send('PUT', `/api/submissions/${id}`, admin.cookie, { status: 'offered', finalOffer, actualWeight: 10 });
  };
  const reserved = async (reserve: string) => {
    const created = await create({ reserve, reservePayout: paypal });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  };
  const row = async (id: string) =>
    rowsOf<{ status: string; reserve_met_at: unknown }>(
      await t.db.execute(sql`select status, reserve_met_at from submissions where id = ${id}`),
    )[0]!;
  const payoutsOf = async (id: string) =>
    rowsOf<{ amount: string }>(await t.db.execute(sql`select amount from transactions where submission_id = ${id}`));
  const reserveJobs = async (id: string) =>
    rowsOf<{ start_after: Date | string }>(
      await t.db.execute(sql`select start_after from pgboss.job where name = 'reserve-payout' and data->>'submissionId' = ${id}`),
    );
  let jobEngine: JobEngine;

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { clock });
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
    seller = await signUp(t.app, { firstName: 'Casey', lastName: 'Client' });
    other = await signUp(t.app, { firstName: 'Otto', lastName: 'Other' });
    expect((await saveAddress(t.app, seller.cookie)).statusCode).toBe(200);
    // The engine makes the queue; its jobs start 24 real hours later, so the tests call the work.
    jobEngine = await startTestEngine<JobPayloads>(t.db, reservePayoutJobs(t.app.ctx));
  });
  afterAll(async () => {
    await jobEngine.stop();
    await t.close();
  });

  it('stores the reserve at submission and refuses one without a payout method or beyond reason', async () => {
    const created = await create({ reserve: '300', reservePayout: paypal });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().reserve).toEqual({ amount: '300.00', payoutMethod: 'paypal', metAt: null, declineUntil: null });
    const noPayout = await create({ reserve: '300' });
    expect(noPayout.statusCode).toBe(400);
    expect(noPayout.body).toContain('choose how you want to be paid');
    const huge = await create({ reserve: '999999', reservePayout: paypal });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toContain('no offer could meet it');
    const zero = await create({ reserve: '0', reservePayout: paypal });
    expect(zero.statusCode).toBe(400);
    expect((await create()).json().reserve).toBeNull();
  });

  it('lets only the seller change it, and only before the offer', async () => {
    const id = await reserved('300');
    const changed = await send('PUT', `/api/submissions/${id}/reserve`, seller.cookie, {
      reserve: '350.50',
      reservePayout: { payoutMethod: 'check' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().reserve).toMatchObject({ amount: '350.50', payoutMethod: 'check' });
    expect((await send('PUT', `/api/submissions/${id}/reserve`, other.cookie, { reserve: null })).statusCode).toBe(404);
    expect((await send('PUT', `/api/submissions/${id}/reserve`, admin.cookie, { reserve: null })).statusCode).toBe(403);
    expect((await offer(id, '400.00')).statusCode).toBe(200);
    const late = await send('PUT', `/api/submissions/${id}/reserve`, seller.cookie, { reserve: null });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The reserve can only be set or changed before we make our offer.');
  });

  it('accepts an offer at the reserve for the seller, who may decline within 24 h', async () => {
    const id = await reserved('400');
    const offered = await offer(id, '400.00');
    expect(offered.statusCode, offered.body).toBe(200);
    expect((await row(id)).status).toBe('offered');
    expect((await row(id)).reserve_met_at).not.toBeNull();
    expect(await payoutsOf(id)).toEqual([]);
    const [job] = await reserveJobs(id);
    expect(Math.round((new Date(job!.start_after).getTime() - Date.now()) / HOUR)).toBe(24);
    const seen = (await send('GET', `/api/submissions/${id}`, seller.cookie)).json();
    expect(seen.reserve.declineUntil).toBe(new Date(new Date(seen.reserve.metAt).getTime() + 24 * HOUR).toISOString());
    // Written in one transaction, the offer and the reserve's acceptance keep their order on the timeline.
    const actions = seen.timeline.map((e: { action: string }) => e.action);
    expect(actions.indexOf('offer_submitted')).toBeLessThan(actions.indexOf('reserve_met'));
    const bell = (await send('GET', '/api/notifications', seller.cookie)).json();
    expect(JSON.stringify(bell)).toContain('we accepted our offer for you');
    // No counter-offer, no new amount from the appraiser while the seller may decline.
    const counter = await send('POST', `/api/submissions/${id}/counter`, seller.cookie, { amount: '500.00' });
    expect(counter.statusCode).toBe(409);
    expect(counter.json().message).toContain('you can decline it until');
    const revised = await send('PUT', `/api/submissions/${id}`, admin.cookie, {
      status: 'offered',
      finalOffer: '300.00',
      actualWeight: 10,
    });
    expect(revised.statusCode).toBe(409);
    clock.advance(23 * HOUR);
    expect(await payMetReserve(t.app.ctx, id)).toBe('not_due');
    const declined = await send('POST', `/api/submissions/${id}/decline`, seller.cookie, {});
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await row(id)).status).toBe('returning');
    clock.advance(2 * HOUR);
    expect(await payMetReserve(t.app.ctx, id)).toBe('nothing');
    expect(await payoutsOf(id)).toEqual([]);
  });

  it('refuses a decline after 24 h and pays through the job exactly as an acceptance', async () => {
    const id = await reserved('400');
    expect((await offer(id, '450.00')).statusCode).toBe(200);
    clock.advance(24 * HOUR);
    const late = await send('POST', `/api/submissions/${id}/decline`, seller.cookie, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('the 24 hours to decline it ended');
    expect(await payMetReserve(t.app.ctx, id)).toBe('paid');
    expect((await row(id)).status).toBe('completed');
    expect(await payoutsOf(id)).toHaveLength(1);
    // The job again (a retry, a second worker): nothing more.
    expect(await payMetReserve(t.app.ctx, id)).toBe('nothing');
    expect(await payoutsOf(id)).toHaveLength(1);
  });

  it('returns the parcel free when the offer is below the reserve, saying why', async () => {
    const id = await reserved('400');
    const offered = await offer(id, '399.99');
    expect(offered.statusCode, offered.body).toBe(200);
    expect((await row(id)).status).toBe('returning');
    const detail = (await send('GET', `/api/submissions/${id}`, seller.cookie)).json();
    expect(JSON.stringify(detail)).toContain(
      'Our offer of $399.99 was below your reserve of $400.00, so we are returning your items free.',
    );
    expect(detail.freeReturn).toBe(true);
    expect(detail.returnLabel).toMatchObject({ direction: 'return' });
    expect(await reserveJobs(id)).toEqual([]);
  });
});
