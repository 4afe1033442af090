// Issue 5's journey in a real browser: a client's new jewelry parcel (with a real photo) reaches
// the appraiser, who signs in, filters to Finished Jewelry, looks at the photo, marks the parcel
// received (it leaves the New count), is stopped by SPEC 5's message without an offer, submits the
// offer and reads the audit log. The client's own view never carries the internal notes.
import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import { demoAccounts } from '../apps/api/src/modules/demo/demo.service.ts';
import { expect, test } from './support/fixtures.ts';
import { snap } from './support/screens.ts';

test.use({ viewport: { width: 1440, height: 900 } });

const description = 'Engraved 14k gold signet ring, size 10';

/** As the demo client, over the API: upload one photo and send a jewelry submission. */
async function clientSendsJewelry(client: APIRequestContext): Promise<string> {
  const signIn = await client.post('/api/identity/sign-in/email', {
    data: { email: demoAccounts.client.email, password: demoAccounts.client.password },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const upload = await client.post('/api/objects/upload', { data: { purpose: 'submission' } });
  expect(upload.ok(), await upload.text()).toBe(true);
  const { uploadURL } = (await upload.json()) as { uploadURL: string };
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 205, g: 160, b: 60 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const put = await client.put(uploadURL, { data: photo, headers: { 'Content-Type': 'image/jpeg' } });
  expect(put.ok(), await put.text()).toBe(true);
  const { url } = (await put.json()) as { url: string };
  const created = await client.post('/api/submissions', {
    data: { category: 'jewelry', description, estimatedWeight: 9.5, weightUnit: 'grams', images: [url] },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function statValue(page: Page, title: string): Promise<number> {
  const text = await page.getByRole('group', { name: title }).locator('p').nth(1).innerText();
  return Number(text.trim());
}

test('an appraiser filters to jewelry, marks a parcel received and submits the offer', async ({ page, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const id = await clientSendsJewelry(client);

  await page.goto('/login');
  await page.getByLabel('Email').fill(demoAccounts.admin.email);
  await page.getByLabel('Password').fill(demoAccounts.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Mailbox' })).toBeVisible();
  await expect(page.getByText('Review and appraise submissions')).toBeVisible();
  await expect(page.getByRole('group', { name: 'KYC Required' }).getByText('Over $10,000 threshold')).toBeVisible();
  await expect(page.getByRole('group', { name: 'New Submissions' }).locator('p').nth(1)).not.toHaveText('…');
  const newBefore = await statValue(page, 'New Submissions');
  const appraisingBefore = await statValue(page, 'In Appraisal');
  await snap(page, 'admin-01-mailbox-1440');

  await page.getByRole('tab', { name: /Finished Jewelry/ }).click();
  await expect(page.getByRole('tab', { name: /Finished Jewelry/ })).toHaveAttribute('aria-selected', 'true');
  const cards = page.getByRole('list', { name: 'Submissions' }).locator('article');
  await expect(cards.first()).toBeVisible();
  for (const category of await cards.getByText(/^(Finished Jewelry|Raw & Scrap Metals|Loose Gems)$/).allInnerTexts()) {
    expect(category).toBe('Finished Jewelry');
  }
  const card = page.getByRole('article', { name: description });
  await expect(card.getByText(`#${id.slice(-8)}`)).toBeVisible();
  await expect(card.getByText('Customer #')).toBeVisible();
  await expect(card.getByText('9.5 grams')).toBeVisible();
  await expect(card.getByText(/\$\d[\d,]* – \$\d[\d,]*/)).toBeVisible();
  await expect(card.getByText(/4[67]h \d+m remaining/)).toBeVisible();
  await snap(page, 'admin-02-jewelry-tab-1440');

  await card.getByRole('button', { name: `Enlarge photo 1 of ${description}` }).click();
  const photo = page.getByRole('dialog', { name: 'Photo 1 of 1' });
  await expect(photo.getByRole('img', { name: `Photo 1 of ${description}` })).toBeVisible();
  await expect.poll(() => photo.getByRole('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  await snap(page, 'admin-03-photo-enlarged-1440');
  await photo.getByRole('button', { name: 'Close' }).click();
  await expect(photo).toBeHidden();

  await card.getByRole('button', { name: 'Mark Received' }).click();
  await expect(page.getByText('Marked as received')).toBeVisible();
  await expect(card.getByText('Appraising', { exact: true })).toBeVisible();
  await expect.poll(() => statValue(page, 'New Submissions')).toBe(newBefore - 1);
  await expect.poll(() => statValue(page, 'In Appraisal')).toBe(appraisingBefore + 1);

  await card.getByRole('button', { name: 'Submit Offer' }).click();
  await expect(page.getByText('Please enter final offer and actual weight').first()).toBeVisible();
  await card.getByLabel('Final Offer ($)').fill('12abc');
  await card.getByLabel('Actual Weight').fill('9.6');
  await card.getByRole('button', { name: 'Submit Offer' }).click();
  await expect(card.getByText('The final offer must be an amount in dollars with at most 2 decimals, like 1250.00.')).toBeVisible();

  await card.getByLabel('Final Offer ($)').fill('1450.00');
  await card.getByLabel('Notes (internal)').fill('Stamped 14K inside the band; 9.6 g on the scale.');
  await snap(page, 'admin-04-offer-filled-1440');
  await card.getByRole('button', { name: 'Submit Offer' }).click();
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

  // The client sees the offer, never the internal notes.
  const own = await client.get(`/api/submissions/${id}`);
  expect(own.ok()).toBe(true);
  const body = await own.text();
  expect(body).toContain('1450.00');
  expect(body).not.toContain('Stamped 14K');
  await client.dispose();

  // Only new submissions: it has left that list too.
  await page.getByLabel('Status').selectOption('new');
  await expect(page.getByRole('article', { name: description })).toBeHidden();
});

test('an appraiser approves an identity check and pays an ACH payout by hand', async ({ page, playwright, baseURL }) => {
  test.setTimeout(90_000);
  // The demo client accepts an offer (one without the ID hold) and asks to be paid by ACH.
  const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const signIn = await client.post('/api/identity/sign-in/email', {
    data: { email: demoAccounts.client.email, password: demoAccounts.client.password },
  });
  expect(signIn.ok()).toBe(true);
  const mine = (await (await client.get('/api/submissions')).json()) as { id: string; status: string; requiresKyc: boolean; finalOffer: string }[];
  const offer = mine.find((s) => s.status === 'offered' && !s.requiresKyc);
  expect(offer, 'the demo has an offer without the ID hold').toBeTruthy();
  const bank = { accountName: 'Dana Client', routingNumber: '011000015', accountNumber: '000123456789' };
  const paid = await client.post('/api/transactions', {
    data: { submissionId: offer!.id, amount: offer!.finalOffer, payoutMethod: 'ach', payoutDetails: bank },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  await client.dispose();

  await page.goto('/login');
  await page.getByLabel('Email').fill(demoAccounts.admin.email);
  await page.getByLabel('Password').fill(demoAccounts.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Mailbox' })).toBeVisible();

  const checks = page.getByRole('region', { name: 'Identity checks' });
  const approve = checks.getByRole('button', { name: /Approve the identity of/ }).first();
  await expect(approve).toBeVisible();
  const payouts = page.getByRole('region', { name: 'Payouts to send' });
  const ach = payouts.getByRole('listitem').filter({ has: page.getByText('ACH', { exact: true }) });
  await expect(ach).toBeVisible();
  await expect(ach).toContainText('••••6789');
  await expect(ach).not.toContainText('000123456789');
  await snap(page, 'admin-06-queues-1440');

  await approve.click();
  await expect(page.getByText('Identity verified')).toBeVisible();
  await expect(checks.getByText('No identity checks waiting')).toBeVisible();

  await ach.getByRole('button', { name: /Show bank details/ }).click();
  const details = page.getByRole('dialog', { name: 'Bank details' });
  await expect(details.getByText('000123456789')).toBeVisible();
  await expect(details.getByText('011000015')).toBeVisible();
  await expect(details.getByText('This look is recorded in the audit log.', { exact: false })).toBeVisible();
  await snap(page, 'admin-07-bank-details-1440');
  await details.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('000123456789')).toBeHidden();

  await ach.getByRole('button', { name: /Mark sent/ }).click();
  const sent = page.getByRole('dialog', { name: 'Mark payout as sent' });
  await sent.getByRole('button', { name: 'Mark sent', exact: true }).click();
  await expect(sent.getByText('Please enter the payment reference', { exact: false })).toBeVisible();
  await sent.getByLabel('Payment reference').fill('ACH-TRACE-0412');
  await snap(page, 'admin-08-mark-sent-1440');
  await sent.getByRole('button', { name: 'Mark sent', exact: true }).click();
  await expect(page.getByText('Payout marked as sent')).toBeVisible();
  await expect(payouts.getByRole('listitem').filter({ has: page.getByText('ACH', { exact: true }) })).toHaveCount(0);
});
