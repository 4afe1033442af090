// A label bought on EasyPost's rail (issue 12 item 7), against the loopback stand-in of its API:
// with CARRIER=easypost the label's first page is the carrier's own image, kept in object storage
// at purchase. Its tracking webhooks are in test/webhooks/carrier-webhook.routes.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubmission } from '../../src/db/factories.ts';
import { shippingLabels, submissions } from '../../src/db/schema/index.ts';
import { readPdf } from '../support/shipping-pdf-reader.ts';
import { saveAddress } from '../support/addresses.ts';
import {
  FAKE_EASYPOST_KEY,
  FAKE_EASYPOST_WEBHOOK_SECRET,
  type FakeEasyPost,
  startFakeEasyPost,
} from '../support/fake-easypost.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

describe.each(engines)('a label on EasyPost on %s', (engine) => {
  let t: TestApp;
  let easypost: FakeEasyPost;
  let client: { id: string; cookie: string };

  beforeAll(async () => {
    easypost = await startFakeEasyPost();
    t = await createTestApp(engine, {
      CARRIER: 'easypost',
      EASYPOST_API_KEY: FAKE_EASYPOST_KEY,
      EASYPOST_BASE_URL: easypost.url,
      EASYPOST_WEBHOOK_SECRET: FAKE_EASYPOST_WEBHOOK_SECRET,
    });
    client = await signUp(t.app);
    expect((await saveAddress(t.app, client.cookie)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await easypost.close();
  });

  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

  async function buyInboundLabel() {
    const sub = buildSubmission({ userId: client.id });
    await t.db.insert(submissions).values(sub);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shipping/labels',
      headers: { cookie: client.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ submissionId: sub.id }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return { sub, label: res.json() as { id: string; trackingNumber: string } };
  }

  it('prints the carrier label image on page 1, kept in object storage at purchase', async () => {
    const { label } = await buyInboundLabel();
    const [row] = await t.db.select().from(shippingLabels).where(eq(shippingLabels.id, label.id));
    expect(row!.labelUrl).toMatch(/\/files\/postage_label\/pl_[0-9a-f]+\.png$/);
    expect(row!.labelImageKey).toBe(`labels/${label.id}.png`);
    expect(await t.app.ctx.storage.exists(row!.labelImageKey!)).toBe(true);
    const created = easypost.requests.find((r) => r.path === '/v2/shipments')!;
    expect(created.body).toMatchObject({ shipment: { options: { label_format: 'PNG' } } });

    const pdf = await get(`/api/shipping/labels/${label.id}/pdf`, client.cookie);
    expect(pdf.statusCode).toBe(200);
    const read = await readPdf(pdf.rawPayload);
    expect(read.pages).toBe(2);
    expect([read.width, read.height]).toEqual([288, 432]);
    // Page 1 is the carrier's image, not our drawing: it carries no text of ours at all.
    expect(read.pageLines[0]).toEqual([]);
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
    expect(read.pageLines[1]).toContain('PACKING SLIP');
  });
});
