// Issue 5's journey in a real browser, as one appraiser's session (one sign-in: the sign-in limit
// is per address, and every journey signs in from 127.0.0.1). A fresh client (never the demo
// client, whose dashboard another journey checks) sends two parcels and an ID over the API. The
// appraiser filters to Finished Jewelry, enlarges the photo, marks the parcel received (it leaves
// the New count), is stopped by SPEC 5's message, submits the offer and reads the audit log;
// then approves the ID, reads the ACH numbers, marks the payout sent, and returns the other
// parcel on a prepaid label. The client's own view never carries the internal notes.
import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import { demoAccounts } from '../apps/api/src/modules/demo/demo-accounts.ts';
import { confirmHandSentPayout, openAdminArea } from './support/appraiser.ts';
import { expect, test } from './support/fixtures.ts';
import { signUpOverApi } from './support/sign-up.ts';
import { snap } from './support/screens.ts';

test.use({ viewport: { width: 1440, height: 900 } });

const ring = 'Engraved 14k gold signet ring, size 10';
const flatware = 'Tarnished silver-plated serving spoons';
const bank = { accountName: 'Jordan Queue', routingNumber: '011000015', accountNumber: '000123456789' };
const home = {
  name: 'Jordan Queue',
  line1: '88 Harbor Road',
  city: 'Portland',
  state: 'ME',
  postalCode: '04101',
  phone: '(207) 555-0188',
};

async function photo(color: { r: number; g: number; b: number }) {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Uploads one photo the way the browser does: a one-time URL, then a single PUT. */
async function upload(client: APIRequestContext, purpose: 'submission' | 'kyc', bytes: Buffer): Promise<string> {
  const made = await client.post('/api/objects/upload', { data: { purpose } });
  expect(made.ok(), await made.text()).toBe(true);
  const { uploadURL } = (await made.json()) as { uploadURL: string };
  const put = await client.put(uploadURL, { data: bytes, headers: { 'Content-Type': 'image/jpeg' } });
  expect(put.ok(), await put.text()).toBe(true);
  return ((await put.json()) as { url: string }).url;
}

async function submit(client: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  const created = await client.post('/api/submissions', { data: body });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function statValue(page: Page, title: string): Promise<number> {
  return Number((await page.getByRole('group', { name: title }).locator('p').nth(1).innerText()).trim());
}

test("an appraiser's session: jewelry offer, ID check, ACH payout and a return", async ({
  page,
  playwright,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(150_000);
  const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { ...extraHTTPHeaders, Origin: baseURL! } });
  await signUpOverApi(client, { email: `queue-${Date.now()}@assay.test`, firstName: 'Jordan', lastName: 'Queue' });
  expect((await client.put('/api/users/me/address', { data: home })).ok()).toBe(true);
  const ringId = await submit(client, {
    category: 'jewelry',
    description: ring,
    estimatedWeight: 9.5,
    weightUnit: 'grams',
    images: [await upload(client, 'submission', await photo({ r: 205, g: 160, b: 60 }))],
  });
  const flatwareId = await submit(client, {
    category: 'scrap',
    description: flatware,
    estimatedWeight: 12,
    weightUnit: 'oz',
    images: [],
  });
  const kyc = await client.post('/api/kyc', {
    data: {
      fullName: 'Jordan Queue',
      dateOfBirth: '1988-04-12',
      idType: 'passport',
      idNumber: 'X1234567',
      idIssuer: 'CA',
      idImageId: await upload(client, 'kyc', await photo({ r: 90, g: 110, b: 160 })),
    },
  });
  expect(kyc.status(), await kyc.text()).toBe(201);

  // The appraiser signs in and lands on the mailbox.
  await page.goto('/login');
  await page.getByLabel('Email').fill(demoAccounts.admin.email);
  await page.getByLabel('Password').fill(demoAccounts.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Mailbox' })).toBeVisible();
  await expect(page.getByText('Review and appraise submissions')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh Pricing' })).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'KYC Required' }).getByText('Over $10,000 or requested; state rules on each card'),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'New Submissions' }).locator('p').nth(1)).not.toHaveText('…');
  const newBefore = await statValue(page, 'New Submissions');
  const appraisingBefore = await statValue(page, 'In Appraisal');
  await snap(page, 'admin-01-mailbox-1440');

  // Finished Jewelry only.
  await page.getByRole('tab', { name: /Finished Jewelry/ }).click();
  await expect(page.getByRole('tab', { name: /Finished Jewelry/ })).toHaveAttribute('aria-selected', 'true');
  const cards = page.getByRole('list', { name: 'Submissions' }).locator('article');
  await expect(page.getByRole('article', { name: flatware })).toBeHidden();
  for (const category of await cards.getByText(/^(Finished Jewelry|Raw & Scrap Metals|Loose Gems)$/).allInnerTexts()) {
    expect(category).toBe('Finished Jewelry');
  }
  const card = page.getByRole('article', { name: ring });
  await expect(card.getByText(`#${ringId.slice(-8)}`)).toBeVisible();
  await expect(card.getByText('Customer #')).toBeVisible();
  await expect(card.getByText('9.5 grams')).toBeVisible();
  await expect(card.getByText(/\$\d[\d,]* – \$\d[\d,]*/)).toBeVisible();
  await expect(card.getByText(/4[67]h \d+m remaining/)).toBeVisible();
  await snap(page, 'admin-02-jewelry-tab-1440');

  await card.getByRole('button', { name: `Enlarge photo 1 of ${ring}` }).click();
  const enlarged = page.getByRole('dialog', { name: 'Photo 1 of 1' });
  await expect(enlarged.getByRole('img', { name: `Photo 1 of ${ring}` })).toBeVisible();
  await expect
    .poll(() => enlarged.getByRole('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
  await snap(page, 'admin-03-photo-enlarged-1440');
  await enlarged.getByRole('button', { name: 'Close' }).click();
  await expect(enlarged).toBeHidden();

  // Received, with two intake photos (DECISIONS "Intake evidence"): out of New, into In Appraisal.
  await card.getByRole('button', { name: 'Mark Received' }).click();
  const receive = page.getByRole('dialog', { name: 'Mark parcel received' });
  await receive.getByLabel('Intake photos (optional)').setInputFiles([
    { name: 'parcel-opened.jpg', mimeType: 'image/jpeg', buffer: await photo({ r: 150, g: 110, b: 60 }) },
    { name: 'on-the-scale.jpg', mimeType: 'image/jpeg', buffer: await photo({ r: 200, g: 200, b: 205 }) },
  ]);
  await expect(receive.getByRole('list', { name: 'Intake photos' }).getByRole('listitem')).toHaveCount(2);
  const confirmReceive = receive.getByRole('button', { name: 'Mark Received with 2 photos' });
  await expect(confirmReceive).toBeEnabled();
  await snap(page, 'admin-03b-receive-with-intake-photos-1440');
  await confirmReceive.click();
  await expect(page.getByText('Marked as received')).toBeVisible();
  await expect(card.getByText('Appraising', { exact: true })).toBeVisible();
  await expect.poll(() => statValue(page, 'New Submissions')).toBe(newBefore - 1);
  await expect.poll(() => statValue(page, 'In Appraisal')).toBe(appraisingBefore + 1);

  // The offer: SPEC 5's message first, then a field error, then the offer.
  await card.getByRole('button', { name: 'Submit Offer' }).click();
  await expect(page.getByText('Please enter final offer and actual weight').first()).toBeVisible();
  await card.getByLabel('Final Offer ($)').fill('12abc');
  await card.getByLabel('Actual Weight').fill('9.6');
  await card.getByRole('button', { name: 'Submit Offer' }).click();
  await expect(
    card.getByText('The final offer must be an amount in dollars with at most 2 decimals, like 1250.00.'),
  ).toBeVisible();
  await card.getByLabel('Final Offer ($)').fill('1450.00');
  await card.getByLabel('Notes (internal)').fill('Stamped 14K inside the band; 9.6 g on the scale.');
  await snap(page, 'admin-04-offer-filled-1440');
  await card.getByRole('button', { name: 'Submit Offer' }).click();
  // Said back before it goes: the amount, the weight and who receives it.
  await expect(card.getByRole('group', { name: /^Send an offer of \$1,450\.00 for 9\.6 grams to Customer #/ })).toBeVisible();
  await snap(page, 'admin-04b-offer-confirm-1440');
  await card.getByRole('button', { name: 'Send $1,450.00 offer' }).click();
  await expect(page.getByText('Submission updated successfully')).toBeVisible();
  await expect(card.getByText('Offer Ready', { exact: true })).toBeVisible();
  await expect(card.getByText(/Offer of \$1,450\.00 sent/)).toBeVisible();

  await card.getByRole('button', { name: 'History' }).click();
  const log = card.getByRole('list', { name: 'Audit log' });
  await expect(log.getByText('Parcel received')).toBeVisible();
  await expect(log.getByText('Offer submitted')).toBeVisible();
  await expect(log.getByText('Final offer: $1,450.00')).toBeVisible();
  await expect(log.getByText(demoAccounts.admin.email).first()).toBeVisible();
  await snap(page, 'admin-05-offer-sent-history-1440');

  // The client sees the offer, never the notes, and asks to be paid by ACH.
  const own = await client.get(`/api/submissions/${ringId}`);
  expect(own.ok()).toBe(true);
  expect(await own.text()).toContain('1450.00');
  expect(await own.text()).not.toContain('Stamped 14K');
  // ...and the intake photos on the "received" entry, which they may open.
  const timeline = ((await own.json()) as { timeline: { action: string; photos?: { url: string }[] }[] }).timeline;
  const intake = timeline.find((entry) => entry.action === 'received')?.photos ?? [];
  expect(intake).toHaveLength(2);
  expect((await client.get(intake[0]!.url)).status()).toBe(200);
  const paid = await client.post('/api/transactions', {
    data: { submissionId: ringId, amount: '1450.00', payoutMethod: 'ach', payoutDetails: bank },
  });
  expect(paid.status(), await paid.text()).toBe(201);

  // The queues, each a work area of its own: approve the ID, pay the ACH payout by hand.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Mailbox' })).toBeVisible();
  await openAdminArea(page, 'Identity');
  const checks = page.getByRole('region', { name: 'Identity checks' });
  const check = checks.getByRole('listitem').filter({ hasText: 'Jordan Queue' });
  await expect(check).toContainText('ending in 4567');
  await snap(page, 'admin-06-identity-queue-1440');

  await check.getByRole('button', { name: /Approve the identity of Jordan Queue/ }).click();
  await expect(page.getByText('Identity verified')).toBeVisible();
  await expect(checks.getByRole('listitem').filter({ hasText: 'Jordan Queue' })).toHaveCount(0);

  await openAdminArea(page, 'Payouts');
  const payouts = page.getByRole('region', { name: 'Payouts to send' });
  const payout = payouts.getByRole('listitem').filter({ hasText: ringId.slice(-8) });
  await expect(payout).toContainText('$1,450.00');
  await expect(payout).toContainText('••••6789');
  await expect(payout).not.toContainText('000123456789');
  await snap(page, 'admin-06b-payouts-queue-1440');

  await payout.getByRole('button', { name: /Show bank details/ }).click();
  const details = page.getByRole('dialog', { name: 'Bank details' });
  await expect(details.getByText('000123456789')).toBeVisible();
  await expect(details.getByText('011000015')).toBeVisible();
  await expect(details.getByText('This look is recorded in the audit log.', { exact: false })).toBeVisible();
  await snap(page, 'admin-07-bank-details-1440');
  await details.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('000123456789')).toBeHidden();

  await payout.getByRole('button', { name: /Mark sent/ }).click();
  const sent = page.getByRole('dialog', { name: 'Mark payout as sent' });
  await sent.getByRole('button', { name: 'Mark sent', exact: true }).click();
  await expect(sent.getByText('Please enter the payment reference', { exact: false })).toBeVisible();
  await sent.getByLabel('Payment reference').fill('ACH-TRACE-0412');
  await snap(page, 'admin-08-mark-sent-1440');
  await sent.getByRole('button', { name: 'Mark sent', exact: true }).click();
  await expect(page.getByText('Payout marked as sent')).toBeVisible();
  await expect(payouts.getByRole('listitem').filter({ hasText: ringId.slice(-8) })).toHaveCount(0);
  // Sent by hand is not yet paid: the bank's confirmation is recorded next (decision 034).
  await confirmHandSentPayout(page, ringId.slice(-8), 'BANK-CONF-0412');

  // The flatware is not worth buying: received (no intake photos), then returning on a prepaid
  // label until the appraiser marks it delivered (DECISIONS "Returning").
  await openAdminArea(page, 'Mailbox');
  await page.getByRole('tab', { name: /Raw & Scrap Metals/ }).click();
  const spoons = page.getByRole('article', { name: flatware });
  await spoons.getByRole('button', { name: 'Mark Received' }).click();
  await page.getByRole('dialog', { name: 'Mark parcel received' }).getByRole('button', { name: 'Mark Received' }).click();
  await expect(spoons.getByText('Appraising', { exact: true })).toBeVisible();
  await spoons.getByRole('button', { name: 'Return Item' }).click();
  const confirm = page.getByRole('dialog', { name: 'Return this item?' });
  await confirm.getByLabel('Reason for the client').fill('Silver-plated, not sterling: we only buy solid precious metal.');
  await snap(page, 'admin-09-return-confirm-1440');
  await confirm.getByRole('button', { name: 'Return Item' }).click();
  await expect(page.getByText('Item marked returning')).toBeVisible();
  await expect(spoons.getByText('Returning', { exact: true })).toBeVisible();
  await expect(spoons.getByText('We are shipping it back', { exact: false })).toBeVisible();
  await spoons.getByRole('button', { name: 'History' }).click();
  const label = spoons.getByRole('link', { name: 'Return label (PDF)' });
  await expect(label).toBeVisible();
  await snap(page, 'admin-10-returned-1440');
  const pdf = await page.request.get((await label.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  const returning = await client.get(`/api/submissions/${flatwareId}`);
  expect(await returning.text()).toContain('"status":"returning"');
  await spoons.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(page.getByText('Marked delivered')).toBeVisible();
  await expect(spoons.getByText('Returned', { exact: true })).toBeVisible();
  const returned = await client.get(`/api/submissions/${flatwareId}`);
  expect(await returned.text()).toContain('"status":"returned"');
  await client.dispose();

  // The parcel in hand, found by the number on its label; a typo is explained.
  const find = page.getByRole('searchbox', { name: 'Find a submission by its number or tracking number' });
  await find.fill('#!?');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(
    page.getByText('Search by the submission number (the 8 characters after # on the card or the label)', { exact: false }),
  ).toBeVisible();
  await find.fill(`#${ringId.slice(-8)}`);
  await find.press('Enter');
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('article', { name: ring })).toBeVisible();
  await snap(page, 'admin-11-search-1440');
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(cards.nth(1)).toBeVisible();

  // Only new submissions: neither parcel is among them any more.
  await page.getByRole('tab', { name: 'All' }).click();
  await page.getByLabel('Status').selectOption('new');
  await expect(page.getByRole('article', { name: ring })).toBeHidden();
  await expect(page.getByRole('article', { name: flatware })).toBeHidden();
});
