// Issue 13's compliance journey on the demo app (DECISIONS "Compliance"): a Florida seller is told
// before accepting that Florida law asks for their ID and a signed statement, and the payout is
// refused until both are done; a seller whose name is on the OFAC fixture list (loaded by the e2e
// server's start, playwright.config.ts) is held until the appraiser clears the match; and the day's
// police report downloads with the Florida purchase in it, its ID number decrypted.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { csvRecords } from '../apps/api/test/support/csv-parser.ts';
import { appraiserInBrowser, openAdminArea } from './support/appraiser.ts';
import { signStatementOnPayoutPage, verifiedId } from './support/compliance.ts';
import { expect, test } from './support/fixtures.ts';
import { acceptOffer, sellerWithOffer } from './support/rails-journeys.ts';
import { snap, snapPart } from './support/screens.ts';

test.use({
  viewport: { width: 1440, height: 900 },
  // The payouts refused over the API below answer 409, which Chromium logs for the page's requests too.
  expectedConsoleErrors: [
    [
      /Failed to load resource: the server responded with a status of 401/,
      /Failed to load resource: the server responded with a status of 409/,
    ],
    { scope: 'test' },
  ],
});

const floridaRule = 'Florida law (Fla. Stat. 538.31-538.37) requires your ID and a signed statement before we can pay you.';

/** Asks for the payout over the API, as a seller's script would, past the disabled button. */
async function requestPayout(page: Page, submissionId: string, email: string) {
  return page.request.post('/api/transactions', {
    headers: { Origin: new URL(page.url()).origin },
    data: { submissionId, payoutMethod: 'paypal', payoutDetails: { email } },
  });
}

test('a Florida seller is paid only after ID and statement, and the day’s police report carries the purchase', async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(120_000);
  const email = `florida-${Date.now()}@assay.test`;
  const admin = await appraiserInBrowser(browser, baseURL!, extraHTTPHeaders ?? {});
  const id = await sellerWithOffer(page, admin, {
    firstName: 'Frankie',
    lastName: 'Floridian',
    email,
    item: '14k gold rope chain, Florida journey',
    offer: '300.00',
    address: {
      name: 'Frankie Floridian',
      line1: '200 Ocean Drive',
      city: 'Miami Beach',
      state: 'FL',
      postalCode: '33139',
      phone: '(305) 555-0142',
    },
  });

  await test.step('the seller is told why before accepting', async () => {
    await page.goto(`/client/submissions/${id}`);
    await expect(page.getByText(`Before we pay you: ${floridaRule}`)).toBeVisible();
    await snap(page, 'compliance-01-florida-detail');
  });

  const confirm = page.getByRole('button', { name: 'Confirm & Process Payout' });
  await test.step('no payout before the ID is approved', async () => {
    await page.goto(`/client/submissions/${id}/payout`);
    await expect(page.getByRole('heading', { name: /choose how to get paid$/ })).toBeVisible();
    await expect(page.getByText(floridaRule)).toBeVisible();
    await expect(confirm).toBeDisabled();
    await expect(
      page.getByText('Verify your identity first (step 1): the payout waits for it (the law for your state).'),
    ).toBeVisible();
    await snap(page, 'compliance-02-florida-payout-before-id');
    const refused = await requestPayout(page, id, email);
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain('KYC_REQUIRED');
  });

  await test.step('with the ID approved, the statement is still missing', async () => {
    await verifiedId(page.request, admin.request, new URL(page.url()).origin, 'Frankie Floridian');
    await page.reload();
    await expect(confirm).toBeDisabled();
    await expect(page.getByText(/^Sign the statement of ownership first \(step \d\): the payout waits for it\.$/)).toBeVisible();
    const refused = await requestPayout(page, id, email);
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain('STATEMENT_REQUIRED');
    await snap(page, 'compliance-03-florida-payout-before-statement');
  });

  await test.step('signed in the browser, the payout is accepted', async () => {
    await signStatementOnPayoutPage(page);
    await snap(page, 'compliance-04-florida-statement-signed');
    await acceptOffer(page, id, { method: 'paypal', email });
    await snap(page, 'compliance-05-florida-accepted');
  });

  await test.step('the day’s police report downloads with the purchase in it', async () => {
    const detail = await page.request.get(`/api/submissions/${id}`);
    const { transaction } = (await detail.json()) as { transaction: { id: string } | null };
    expect(transaction, 'the accepted offer has its payout').toBeTruthy();

    await openAdminArea(admin, 'Compliance', { fresh: true });
    const reports = admin.getByRole('region', { name: 'Compliance reports' });
    await reports.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      reports.getByRole('button', { name: 'Download police report' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    await snapPart(reports, 'compliance-06-police-report-panel');
    const rows = csvRecords(readFileSync((await download.path())!, 'utf8'));
    const row = rows.find((r) => r['Transaction ID'] === transaction!.id);
    expect(row, 'the Florida purchase is in the day’s report').toBeTruthy();
    expect(row!['Seller name']).toBe('Frankie Floridian');
    expect(row!['Seller address']).toContain('Miami Beach');
    expect(row!['ID type']).toMatch(/driver/i);
    // The full number, decrypted for this file only.
    expect(row!['ID number']).toBe('D7654321');
    expect(row!['ID issuer']).toBe('FL');
    expect(row!['Item description']).toBe('14k gold rope chain, Florida journey');
  });
  await admin.context().close();
});

test('a seller whose name is on the sanctions list is held until the appraiser clears the match', async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(120_000);
  const email = `john-doe-${Date.now()}@assay.test`;
  const item = '18k gold signet ring, sanctions journey';
  const admin = await appraiserInBrowser(browser, baseURL!, extraHTTPHeaders ?? {});
  const id = await sellerWithOffer(page, admin, { firstName: 'John', lastName: 'Doe', email, item, offer: '250.00' });
  await acceptOffer(page, id, { method: 'paypal', email });

  const detail = await page.request.get(`/api/submissions/${id}`);
  const { transaction } = (await detail.json()) as { transaction: { id: string } };

  await openAdminArea(admin, 'Compliance', { fresh: true });
  const screening = admin.getByRole('region', { name: 'Sanctions screening' });
  const match = screening.getByTestId('sanctions-match').filter({ hasText: 'John Doe' });
  await expect(match).toBeVisible();
  await expect(match.getByRole('list', { name: 'Listings matched' })).toContainText('DOE, John');
  await expect(screening.getByTestId('sanctions-list-state')).toContainText('OFAC SDN list published 2026-11-20');

  await openAdminArea(admin, 'Payouts', { fresh: true });
  const payouts = admin.getByRole('region', { name: /Payouts to send/ });
  const payout = payouts.getByRole('listitem').filter({ hasText: item });
  await expect(payout.getByTestId('payout-compliance-hold')).toBeVisible();
  await expect(payout.getByRole('button', { name: /^Mark sent/ })).toHaveCount(0);
  await payout.scrollIntoViewIfNeeded();
  await snapPart(payouts, 'compliance-07-payout-held');
  await openAdminArea(admin, 'Compliance');
  await screening.scrollIntoViewIfNeeded();
  await snapPart(screening, 'compliance-08-sanctions-match');

  // Past the hidden button, the server refuses too.
  const refused = await admin.request.post(`/api/admin/transactions/${transaction.id}/sent`, {
    headers: { Origin: new URL(admin.url()).origin },
    data: { reference: 'MANUAL-1' },
  });
  expect(refused.status()).toBe(409);

  // A reason is asked first.
  await match.getByRole('button', { name: 'Clear: not the listed person' }).click();
  await expect(match.getByText('Give the reason for the decision (3 to 500 characters).')).toBeVisible();
  await match
    .getByLabel('Reason for the decision')
    .fill('Date of birth 1985-06-15 on the seller’s ID; the listing is born 1970.');
  await match.getByRole('button', { name: 'Clear: not the listed person' }).click();
  await expect(admin.getByText('Match cleared; the payout is released')).toBeVisible();
  await expect(screening.getByTestId('sanctions-match').filter({ hasText: 'John Doe' })).toHaveCount(0);

  await openAdminArea(admin, 'Payouts');
  await expect(payout.getByTestId('payout-compliance-hold')).toHaveCount(0);
  await expect(payout.getByRole('button', { name: /^Mark sent/ })).toBeVisible();
  await snapPart(payouts, 'compliance-09-payout-released');
  await admin.context().close();
});
