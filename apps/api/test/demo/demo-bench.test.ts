// The demo's bench (issue 28 item 1): the register starts with sample instruments, one of them past
// its calibration, so the demo appraiser can record a test at once and see a refusal's sentence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, seedDemoIfFresh } from '../../src/modules/demo/demo.service.ts';
import { cookieOf, signIn, uniqueAddress } from '../support/sessions.ts';
import { createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

describe.each(engines)('the demo bench, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { demo: true });
    expect(await seedDemoIfFresh(t.db, t.app.ctx.identity.auth, { encryptionKey: 'd'.repeat(64) })).toBe(true);
  }, 180_000);
  afterAll(() => t.close());

  it('has sample instruments, one refused for its calibration, and an XRF test can be recorded on an open offer', async () => {
    const res = await signIn(t.app, demoAccounts.admin.email, demoAccounts.admin.password, uniqueAddress());
    const cookie = cookieOf(res);
    const { instruments } = (await t.app.inject({ url: '/api/admin/bench/instruments', headers: { cookie } })).json();
    expect(instruments.map((i: { name: string; problem: string | null }) => [i.name, i.problem === null])).toEqual([
      ['Acid kit, shelf 2', true],
      ['GemOro AuRACLE', false],
      ['Ohaus Pioneer PX224', true],
      ['Niton XL2', true],
    ]);
    const offered = (await t.app.inject({ url: '/api/admin/submissions?status=offered', headers: { cookie } })).json();
    const id = (offered.items ?? offered)[0].id as string;
    const bench = (await t.app.inject({ url: `/api/admin/submissions/${id}/bench-tests`, headers: { cookie } })).json();
    const xrf = instruments.find((i: { kind: string }) => i.kind === 'xrf');
    const recorded = await t.app.inject({
      method: 'POST',
      url: `/api/admin/submissions/${id}/bench-tests`,
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({
        lineId: bench.lines[0].id,
        instrumentId: xrf.id,
        reading: { method: 'xrf', elements: [{ element: 'Au', percent: 91.67 }] },
      }),
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().summary).toBe('XRF: Au 91.67%');
  });
});
