// Issue 4's journey in a real browser against the built app and the real server: a new client
// signs up, submits an item with two real photos, prints the shipping label (giving the address
// the first time), receives an offer from the appraiser (made through the API), looks at the
// details and the consignment option, accepts with PayPal and sees the fee, the completed status
// and the Total Value. Every screen is saved at 375 px and 1440 px.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { demoAccounts } from '../apps/api/src/modules/demo/demo-accounts.ts';
import { expect, firstLabelAsksForAddress409, test, visitor401 } from './support/fixtures.ts';
import { signUpInBrowser } from './support/sign-up.ts';
import { snap } from './support/screens.ts';

test.use({
  viewport: { width: 1440, height: 900 },
  acceptDownloads: true,
  // An array option is written as [value, options] in test.use.
  expectedConsoleErrors: [[visitor401, firstLabelAsksForAddress409], { scope: 'test' }],
});

const widths = [375, 1440] as const;

/** The same screen at phone and desktop width. */
async function snapBoth(page: Page, name: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // From the top, so the sticky header is not photographed halfway down the page.
    await page.evaluate('window.scrollTo(0, 0)');
    await snap(page, `journey-${name}-${width}`);
  }
}

async function makePhotos(): Promise<string[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-photos-'));
  const photos = [
    { name: 'ring-front.jpg', color: { r: 212, g: 167, b: 44 } },
    { name: 'ring-hallmark.jpg', color: { r: 96, g: 112, b: 140 } },
  ];
  const files: string[] = [];
  for (const photo of photos) {
    const file = path.join(dir, photo.name);
    await sharp({ create: { width: 800, height: 600, channels: 3, background: photo.color } })
      .jpeg({ quality: 80 })
      .toFile(file);
    files.push(file);
  }
  return files;
}

test('a new client submits two photos, prints the label, accepts the offer by PayPal and is paid', async ({
  page,
  playwright,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(120_000);
  const photos = await makePhotos();

  // Sign up.
  const email = `journey-${Date.now()}@assay.test`;
  await signUpInBrowser(page, { firstName: 'Morgan', lastName: 'Goldsmith', email });
  await expect(page.getByText('Start Your Journey')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your prices right now' })).toBeVisible();
  await snapBoth(page, '01-empty-dashboard');

  // No submission yet: the 1-click label says so.
  await page.getByRole('button', { name: '1-Click Print Label' }).click();
  await expect(page.getByText('No Pending Submissions')).toBeVisible();
  await expect(page.getByText('Please create a submission first to get a shipping label.')).toBeVisible();

  // New submission with two real photos.
  await page.getByRole('link', { name: 'Create First Submission' }).click();
  await expect(page.getByRole('heading', { name: 'New Submission' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit for Preliminary Appraisal' }).click();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();
  await page.locator('input.uppy-Dashboard-input[type="file"]').first().setInputFiles(photos);
  await expect(page.getByText('2 image(s) uploaded successfully')).toBeVisible();
  const slots = page.getByRole('list', { name: 'Photo slots' });
  await expect(slots.getByRole('listitem', { name: 'Primary: ring-front.jpg' })).toBeVisible();
  await expect(slots.getByRole('listitem', { name: 'Detail: ring-hallmark.jpg' })).toBeVisible();
  await expect(slots.getByRole('listitem', { name: 'Side: empty' })).toBeVisible();
  await page.getByText('Jewelry', { exact: true }).click();
  await page.getByLabel('Detailed Description *').fill('18k yellow gold ring, stamped 750, with a small diamond');
  await page.getByLabel('Estimated Weight *').fill('6.2');
  await page.getByLabel('Weight unit').selectOption('grams');
  // SPEC 9: 6.2 g of jewelry at $45/g, 80%-120%.
  await expect(page.getByText('$223 – $335')).toBeVisible();
  await snapBoth(page, '02-new-submission');
  await page.getByRole('button', { name: 'Submit for Preliminary Appraisal' }).click();
  await expect(
    page.getByText("Submission created successfully! You'll receive a preliminary quote within 24 hours."),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Client Dashboard' })).toBeVisible();

  const card = page.getByRole('listitem', { name: '18k yellow gold ring, stamped 750, with a small diamond' });
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  await expect(card.getByText('In Progress')).toBeVisible();
  await expect(card.getByRole('img', { name: /Photo 2 of/ })).toBeVisible();
  const submissionId = await card.getAttribute('data-submission-id');
  expect(submissionId).toBeTruthy();
  await expect(card.getByText(`#${submissionId!.slice(-8)}`)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Pending Submissions' }).getByText('1', { exact: true })).toBeVisible();

  // 1-click label: the address is asked the first time, then the PDF downloads.
  await page.getByRole('button', { name: '1-Click Print Label' }).click();
  const addressDialog = page.getByRole('dialog', { name: 'Your shipping address' });
  await expect(addressDialog).toBeVisible();
  await addressDialog.getByLabel('Full name').fill('Morgan Goldsmith');
  await addressDialog.getByLabel('Street address').fill('100 Main Street');
  await addressDialog.getByLabel('City').fill('Wilmington');
  await addressDialog.getByLabel('State').selectOption('DE');
  await addressDialog.getByLabel('ZIP code').fill('19801');
  await addressDialog.getByLabel('Phone (optional)').fill('(302) 555-0123');
  await snapBoth(page, '03-address-dialog');
  const download = page.waitForEvent('download');
  await addressDialog.getByRole('button', { name: 'Save and print label' }).click();
  const labelFile = await download;
  expect(labelFile.suggestedFilename()).toMatch(/^shipping-label-[A-Z0-9-]+\.pdf$/);
  await expect(page.getByText('Label Downloaded')).toBeVisible();
  await snapBoth(page, '04-label-downloaded');

  // The card's own 'Print Label' reuses the saved address and the same label.
  const again = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Print Label' }).click();
  expect((await again).suggestedFilename()).toBe(labelFile.suggestedFilename());

  // The appraiser makes an offer through the API (issue 5's admin route), in a separate session.
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { ...extraHTTPHeaders, Origin: baseURL! } });
  const signIn = await admin.post('/api/identity/sign-in/email', {
    data: { email: demoAccounts.admin.email, password: demoAccounts.admin.password },
  });
  expect(signIn.ok()).toBe(true);
  const offer = await admin.put(`/api/submissions/${submissionId}`, {
    data: { finalOffer: '612.00', actualWeight: 6.1, adminNotes: 'Hallmark 750 confirmed; stone 0.05 ct.', status: 'offered' },
  });
  expect(offer.status(), await offer.text()).toBe(200);
  await admin.dispose();

  // The offer reaches the client: bell, card, details.
  await page.reload();
  await expect(card.getByText('Offer Ready')).toBeVisible();
  await expect(card.getByText('$612.00')).toBeVisible();
  await expect(card.getByText('In Progress')).toHaveCount(0);
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByRole('region', { name: 'Notifications panel' }).getByRole('listitem').first()).toBeVisible();
  await snapBoth(page, '05-offer-ready-notifications');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  await page.goto(`/client/submissions/${submissionId}`);
  await expect(page.getByRole('heading', { name: 'Status history' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Status history' }).getByRole('listitem')).not.toHaveCount(0);
  // Assay holds the item now: the inbound label is no longer offered (DECISIONS "Returning").
  await expect(page.getByRole('link', { name: 'Download shipping label' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: /Photo 2 of/ })).toBeVisible();
  await snapBoth(page, '06-details');

  // Consignment: the static comparison, and the request goes to the appraisers.
  await page.getByRole('link', { name: 'View Consignment' }).click();
  await expect(page.getByText('$10,200 - $12,500')).toBeVisible();
  await expect(page.getByRole('cell', { name: '15%', exact: true })).toBeVisible();
  // This item's own estimate, from its $612.00 offer: what the seller would keep at each end.
  const estimate = page.getByRole('region', { name: 'Your item on consignment: an estimate' });
  await expect(estimate.getByRole('row', { name: /You would receive/ })).toContainText('$599.24');
  await expect(estimate.getByRole('row', { name: /You would receive/ })).toContainText('$740.00');
  await page.getByRole('button', { name: 'Choose Consignment Sale' }).click();
  await expect(page.getByText("We've let our appraisers know").first()).toBeVisible();
  await snapBoth(page, '07-consignment');

  // Accept the direct offer by PayPal: 2.9% + $0.30 of $612.00 is $18.05, so $593.95 is paid.
  await page.getByRole('link', { name: 'Accept the direct offer instead' }).click();
  // Nothing is accepted yet: the page asks how to get paid; 'Offer Accepted!' comes after confirming.
  await expect(page.getByRole('heading', { name: 'Accept $612.00: choose how to get paid' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Offer Accepted!' })).toHaveCount(0);
  await page.getByRole('radio', { name: /PayPal/ }).check();
  await page.getByRole('button', { name: 'Confirm & Process Payout' }).click();
  await expect(page.getByText('Please enter your PayPal email address')).toBeVisible();
  await page.getByLabel('PayPal email').fill(email);
  await expect(page.getByText('−$18.05')).toBeVisible();
  await expect(page.getByTestId('payout-total')).toHaveText('$593.95');
  await snapBoth(page, '08-payout-paypal');
  await page.getByRole('button', { name: 'Confirm & Process Payout' }).click();
  await expect(page.getByText('Payout Processed')).toBeVisible();
  await expect(page.getByText('Your payout has been initiated successfully')).toBeVisible();
  // The page now says what was accepted, how it is paid and when, with the way back.
  const accepted = page.getByRole('region', { name: 'Offer Accepted!' });
  await expect(accepted.getByRole('heading', { name: 'Offer Accepted!' })).toBeFocused();
  await expect(accepted).toContainText('$593.95');
  await expect(accepted).toContainText(`PayPal, to ${email}`);
  await expect(accepted).toContainText('Our team sends it within 24 hours');
  await snapBoth(page, '08b-offer-accepted');
  await accepted.getByRole('link', { name: 'Back to dashboard' }).click();

  // Back on the dashboard: completed, and Total Value is what was paid.
  await expect(page.getByRole('heading', { name: 'Client Dashboard' })).toBeVisible();
  await expect(card.getByText('Completed', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Total Value' }).getByText('$593.95')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Completed' }).getByText('1', { exact: true })).toBeVisible();
  await snapBoth(page, '09-paid-dashboard');

  // Paying twice is refused by the server; the view says it is paid.
  await page.goto(`/client/submissions/${submissionId}/payout`);
  await expect(page.getByRole('heading', { name: 'Offer Accepted!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm & Process Payout' })).toHaveCount(0);
});

test('a client declines a low offer: the return address is asked once, return shipping is free and the label is ready', async ({
  page,
  playwright,
  baseURL,
  extraHTTPHeaders,
}) => {
  await signUpInBrowser(page, { firstName: 'Riley', lastName: 'Returner', email: `decline-${Date.now()}@assay.test` });

  // 10 g of scrap: preliminary $280 - $420 (midpoint $350); $250 is more than 20% below it.
  const created = await page.request.post('/api/submissions', {
    headers: { Origin: baseURL! },
    data: {
      category: 'scrap',
      description: 'Broken 14k chain and single earrings',
      estimatedWeight: 10,
      weightUnit: 'grams',
      images: [],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { ...extraHTTPHeaders, Origin: baseURL! } });
  expect(
    (
      await admin.post('/api/identity/sign-in/email', {
        data: { email: demoAccounts.admin.email, password: demoAccounts.admin.password },
      })
    ).ok(),
  ).toBe(true);
  const offer = await admin.put(`/api/submissions/${id}`, {
    data: { finalOffer: '250.00', actualWeight: 9.8, adminNotes: 'Mostly 10k.', status: 'offered' },
  });
  expect(offer.status(), await offer.text()).toBe(200);
  await admin.dispose();

  await page.reload();
  const card = page.getByRole('listitem', { name: 'Broken 14k chain and single earrings' });
  await card.getByRole('button', { name: 'Decline offer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Decline this offer?' });
  await expect(
    confirm.getByText('If our final offer is 20% or more below your estimate, return shipping is free.'),
  ).toBeVisible();
  await expect(confirm.getByText('This offer qualifies: we pay for your return shipping.')).toBeVisible();
  await snapBoth(page, '10-decline-confirm');
  await confirm.getByRole('button', { name: 'Decline offer and return my item' }).click();

  const address = page.getByRole('dialog', { name: 'Where should we return your item?' });
  await address.getByLabel('Full name').fill('Riley Returner');
  await address.getByLabel('Street address').fill('12 Harbor Road');
  await address.getByLabel('City').fill('Portland');
  await address.getByLabel('State').selectOption('ME');
  await address.getByLabel('ZIP code').fill('04101');
  await address.getByRole('button', { name: 'Save and decline offer' }).click();

  const done = page.getByRole('dialog', { name: 'Offer declined' });
  await expect(done.getByText('Return shipping is free')).toBeVisible();
  await snapBoth(page, '11-declined');
  // DECISIONS "Returning": Assay ships it back; the seller follows the tracking number and is
  // never handed a label to print for an item Assay holds.
  await expect(done.getByText('We are shipping it back', { exact: false })).toBeVisible();
  await expect(done.getByRole('link', { name: /label/i })).toHaveCount(0);
  await done.getByRole('button', { name: 'Close' }).last().click();
  await expect(card.getByText('Returning', { exact: true })).toBeVisible();
  await expect(card.getByText('We are shipping it back')).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
  // Two ways to the detail: the card itself (its title's link) and View Details.
  await expect(card.getByRole('link', { name: 'View Details' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Broken 14k chain and single earrings' })).toBeVisible();
  await expect(card.getByRole('link')).toHaveCount(2);
});
