// /healthz and /readyz, as a load balancer reads them. The drain's answer on /readyz is shown on a
// real socket in test/app/graceful-shutdown.test.ts, with the shutdown it belongs to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

describe.each(engines)('health on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('answers health and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: engine });
  });
});
