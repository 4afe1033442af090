// GET /api/business: who Assay is, public, from configuration; the example values say they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessIdentitySchema } from '@assay/domain';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';

describe.each(engines)('GET /api/business on %s', (engine) => {
  let configured: TestApp;
  let example: TestApp;
  beforeAll(async () => {
    configured = await createTestApp(engine, {
      BUSINESS_LEGAL_NAME: 'Assay Buyers LLC',
      BUSINESS_ADDRESS: 'Assay Buyers LLC, 1 Market Street, Suite 5, Wilmington, DE 19801',
      BUSINESS_LICENCES: 'Delaware Division of Revenue: 2019-0001; NYC DCWP: 2091234',
      INSURER_NAME: 'Harbor Mutual Insurance',
      INSURED_LIMIT: '30000',
      APPRAISERS: 'Dana Reyes, GIA Graduate Gemologist',
      RECEIVING_ADDRESS: 'Assay Vault, 9 Bay Road, Miami, FL 33101',
    });
    example = await createTestApp(engine);
  });
  afterAll(async () => {
    await configured.close();
    await example.close();
  });

  it('serves the configured identity to anyone, without signing in', async () => {
    const res = await configured.app.inject({ url: '/api/business' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      legalName: 'Assay Buyers LLC',
      address: 'Assay Buyers LLC, 1 Market Street, Suite 5, Wilmington, DE 19801',
      licences: [
        { authority: 'Delaware Division of Revenue', number: '2019-0001' },
        { authority: 'NYC DCWP', number: '2091234' },
      ],
      insurer: 'Harbor Mutual Insurance',
      insuredLimitCents: 3_000_000,
      appraisers: [{ name: 'Dana Reyes', credential: 'GIA Graduate Gemologist' }],
      guarantee: { floorPercent: 90, goodwillCents: 2_500 },
      example: false,
      // The vault's state, whose rule the web weighs with the seller's before shipping.
      receivingState: 'FL',
      // No PayPal Payouts configured: a person sends PayPal payouts, and the page says so.
      payoutRails: { ach: 'ach-file', paypal: 'manual', check: 'check' },
    });
  });

  it('marks the fictional defaults as examples', async () => {
    const body = businessIdentitySchema.parse((await example.app.inject({ url: '/api/business' })).json());
    expect(body.example).toBe(true);
    expect(body.legalName).toBe('Example Assay Buyers LLC (example)');
    expect(body.insurer).toMatch(/\(example\)$/);
    expect(body.insuredLimitCents).toBe(2_500_000);
    expect(body.appraisers.every((a) => a.credential.endsWith('(example)'))).toBe(true);
  });
});
