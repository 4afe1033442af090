// Refiners (issue 28 item 4): the admin adds, changes and retires refiners with their terms and
// charges, each audited; bad input is a 400 with a sentence and changes nothing; a second refiner
// of one name and a change to a retired refiner are 409s.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, refiners } from '../../src/db/schema/index.ts';
import { expectAdminsOnly } from '../support/admins-only.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

describe.each(engines)('refiners on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let client: { id: string; cookie: string };
  const send = (method: 'POST' | 'PATCH', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: {
        cookie: admin.cookie,
        origin: TEST_ORIGIN,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signUp(t.app, { email: ADMIN_EMAIL });
    client = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('is for appraisers only', async () => {
    await expectAdminsOnly(
      t.app,
      [
        ['GET', '/api/admin/refiners'],
        ['POST', '/api/admin/refiners'],
        ['POST', '/api/admin/refiners/x/retire'],
        ['GET', '/api/admin/refiner-settlements'],
      ],
      client.cookie,
    );
  });

  it('adds, lists, changes and retires a refiner, each audited', async () => {
    const created = await send('POST', '/api/admin/refiners', {
      name: 'Midwest Refining Co.',
      terms: 'Net 10 days, pooled melts',
      refiningPercent: '1.5',
      assayFee: '47.50',
      shippingFee: '',
      wireFee: '25.00',
    });
    expect(created.statusCode, created.body).toBe(201);
    const refiner = created.json();
    expect(refiner).toMatchObject({
      name: 'Midwest Refining Co.',
      refiningPercent: '1.500',
      refiningPerOz: null,
      assayFee: '47.50',
      shippingFee: null,
      wireFee: '25.00',
      retired: false,
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/refiners', headers: { cookie: admin.cookie } });
    expect(list.json().refiners.map((r: { id: string }) => r.id)).toContain(refiner.id);

    const changed = await send('PATCH', `/api/admin/refiners/${refiner.id}`, { name: 'Midwest Refining', wireFee: '30.00' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Midwest Refining', wireFee: '30.00', assayFee: null });

    const retired = await send('POST', `/api/admin/refiners/${refiner.id}/retire`);
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json().retired).toBe(true);
    const again = await send('POST', `/api/admin/refiners/${refiner.id}/retire`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This refiner was retired; a retired refiner cannot be changed.');

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, refiner.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['refiner_added', 'refiner_retired', 'refiner_updated']);
  });

  it('refuses a second active refiner of the same name with a 409, and bad input with a 400 that changes nothing', async () => {
    expect((await send('POST', '/api/admin/refiners', { name: 'Golden State Assay' })).statusCode).toBe(201);
    const twice = await send('POST', '/api/admin/refiners', { name: 'golden state assay' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('A refiner named golden state assay is already in the list.');

    const before = (await t.db.select().from(refiners)).length;
    for (const body of [
      {},
      { name: '   ' },
      { name: 'X', refiningPercent: '150' },
      { name: 'X', assayFee: 'forty' },
      { name: 'X', wireFee: '-5' },
    ]) {
      const res = await send('POST', '/api/admin/refiners', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/\.$/);
    }
    expect((await t.db.select().from(refiners)).length).toBe(before);
    const missing = await send('PATCH', '/api/admin/refiners/nope', { name: 'Y' });
    expect(missing.statusCode).toBe(404);
  });
});
