// Issue 11's journeys in a real browser, at 375 and at 1440 px: a new seller names "14k gold" and
// sees a live-price quote before submitting, ships under the insured value shown; the appraiser
// marks the parcel received with two intake photos and sends a 2-line itemised offer (one line
// proposed by the melt helper, one changed with a reason); the seller reads the lines and the
// prices used and counters once; the appraiser answers with a new offer; the seller accepts it
// before its countdown ends, chooses ACH and is paid. And: the demo's lapsed offer cannot be
// accepted until the appraiser re-issues it at today's prices. Each screen is saved to look at.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { demoAccounts } from '../apps/api/src/modules/demo/demo-accounts.ts';
import { appraiserInBrowser, confirmHandSentPayout, openAdminArea } from './support/appraiser.ts';
import { expect, firstLabelAsksForAddress409, test, visitor401 } from './support/fixtures.ts';
import { saveAddressAndPrintLabel } from './support/shipping-label.ts';
import { signUpInBrowser } from './support/sign-up.ts';
import { snap } from './support/screens.ts';

test.use({
  acceptDownloads: true,
  expectedConsoleErrors: [[visitor401, firstLabelAsksForAddress409], { scope: 'test' }],
});

const chain = '14k yellow gold rope chain, 20 inches, stamped 585';
const bank = { accountName: 'Avery Honest', routingNumber: '011000015', accountNumber: '000987654321' };

async function jpeg(dir: string, name: string, color: { r: number; g: number; b: number }): Promise<string> {
  const file = path.join(dir, name);
  await sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toFile(file);
  return file;
}

/** A money amount as the pages print it ("$1,234.56") to a number. */
function dollars(text: string): number {
  return Number(text.replace(/[^0-9.]/g, ''));
}

for (const width of [375, 1440] as const) {
  const height = width === 375 ? 812 : 900;

  test(`at ${width} px: a 14k gold chain is quoted from live prices, offered in two lines, countered, answered, accepted and paid`, async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height });
    const shot = (p: Page, name: string) => snap(p, `offer-${width}-${name}`);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-offer-'));
    const front = await jpeg(dir, 'chain-front.jpg', { r: 214, g: 170, b: 52 });

    // The seller signs up and names what the chain is made of: the quote comes from live prices.
    await signUpInBrowser(page, { firstName: 'Avery', lastName: 'Honest', email: `honest-${width}-${Date.now()}@assay.test` });
    await page.goto('/client/new');
    await expect(page.getByRole('heading', { name: 'New Submission' })).toBeVisible();
    await page.getByText('Jewelry', { exact: true }).click();
    await page.getByLabel('Detailed Description *').fill(chain);
    await page.getByLabel('Estimated Weight *').fill('18.4');
    await page.getByLabel('What is it made of?').selectOption('gold-14k');
    const preview = page.getByRole('status').filter({ hasText: 'Preliminary quote' });
    await expect(preview.getByText(/^Gold 14K at \$\d+\.\d{2}\/g, we pay 80-92%\./)).toBeVisible();
    await expect(preview.getByText(/^\$\d[\d,]* – \$\d[\d,]*$/)).toBeVisible();
    // A photo through the Primary slot, as a phone's camera would give it.
    await page.getByLabel('Add Primary photo').setInputFiles(front);
    await expect(page.getByText('1 image(s) uploaded successfully')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Photo slots' }).getByRole('listitem', { name: 'Primary: chain-front.jpg' }),
    ).toBeVisible();
    await shot(page, '01-new-submission-14k');
    await page.getByRole('button', { name: 'Submit for Preliminary Appraisal' }).click();
    await expect(page.getByRole('heading', { name: 'Client Dashboard' })).toBeVisible();

    // The card shows the metal-aware quote, what it rests on, and the insured value before printing.
    const card = page.getByRole('listitem', { name: chain });
    await expect(card.getByText(/^Gold 14K at \$\d+\.\d{2}\/g, we pay 80-92%$/)).toBeVisible();
    const insured = card.getByText(
      /^Insured for \$[\d,]+(?:\.\d{2})? \(declared to the carrier; the packing slip goes inside the parcel\)$/,
    );
    await expect(insured).toBeVisible();
    const submissionId = (await card.getAttribute('data-submission-id'))!;
    await shot(page, '02-card-quote-insured');

    // Printing the label: the address once, then the PDF.
    await card.getByRole('button', { name: 'Print Label' }).click();
    await saveAddressAndPrintLabel(page, {
      name: 'Avery Honest',
      street: '12 Orchard Lane',
      city: 'Burlington',
      state: 'VT',
      zip: '05401',
    });

    // The appraiser receives the parcel with two intake photos.
    const admin = await appraiserInBrowser(browser, baseURL!, extraHTTPHeaders ?? {}, width);
    // By its id: the journey runs at two widths, each with its own chain.
    const adminCard = admin.locator(`article[data-submission-id="${submissionId}"]`);
    await expect(adminCard).toBeVisible();
    await adminCard.getByRole('button', { name: 'Mark Received' }).click();
    const receive = admin.getByRole('dialog', { name: 'Mark parcel received' });
    await receive
      .getByLabel('Intake photos (optional)')
      .setInputFiles([
        await jpeg(dir, 'parcel-opened.jpg', { r: 150, g: 110, b: 60 }),
        await jpeg(dir, 'chain-on-scale.jpg', { r: 200, g: 200, b: 205 }),
      ]);
    await expect(receive.getByRole('list', { name: 'Intake photos' }).getByRole('listitem')).toHaveCount(2);
    await shot(admin, '03-admin-intake-photos');
    await receive.getByRole('button', { name: 'Mark Received with 2 photos' }).click();
    await expect(adminCard.getByText('Appraising', { exact: true })).toBeVisible();

    // A 2-line offer: the melt helper proposes the chain; the clasp is lowered, with a reason.
    await adminCard.getByRole('button', { name: 'Itemised lines' }).click();
    // No carrier scan reached the demo's sample carrier: the receipt locked the prices (issue 27).
    await expect(adminCard.getByRole('note').filter({ hasText: 'Prices locked' })).toContainText(
      /^Prices locked until \w{3} \d{1,2} \(first scan .+\): Gold \$[\d,]+\.\d{2}\/oz/,
    );
    const line1 = adminCard.getByRole('group', { name: 'Line 1' });
    await line1.getByLabel('Description').fill('Rope chain, stamped 585');
    await line1.getByLabel('Material').selectOption('gold-14k');
    await line1.getByLabel('Tested by').selectOption('xrf');
    await line1.getByLabel('Weight').fill('17.9');
    await expect(line1.getByLabel('Purity (%)')).toHaveValue('58.5');
    await expect(line1.getByLabel('% paid')).toHaveValue('92.00');
    await expect(line1.getByText('Published 80-92%.')).toBeVisible();
    await expect(line1.getByLabel('Amount ($)')).not.toHaveValue('');
    await adminCard.getByRole('button', { name: 'Add line' }).click();
    const line2 = adminCard.getByRole('group', { name: 'Line 2' });
    await line2.getByLabel('Description').fill('Box clasp with a steel spring inside');
    await line2.getByLabel('Material').selectOption('gold-14k');
    await line2.getByLabel('Tested by').selectOption('acid');
    await line2.getByLabel('Weight').fill('0.5');
    await line2.getByLabel('Amount ($)').fill('10.00');
    await adminCard.getByRole('button', { name: 'Submit Offer' }).click();
    await expect(line2.getByText(/differs from the proposal of \$[\d.]+; please give a reason\./)).toBeVisible();
    await line2.getByLabel('Reason').fill('The steel spring inside the clasp weighs about 0.3 g and is not gold.');
    await shot(admin, '04-admin-two-line-offer');
    await adminCard.getByRole('button', { name: 'Submit Offer' }).click();
    const confirm = adminCard.getByRole('group', { name: /^Send an offer of \$[\d,]+\.\d{2} in 2 lines to Customer #/ });
    await expect(confirm).toBeVisible();
    const firstTotal = dollars((await confirm.locator('strong').first().innerText()).trim());
    await shot(admin, '05-admin-offer-confirm');
    await confirm.getByRole('button', { name: /^Send \$[\d,]+\.\d{2} offer$/ }).click();
    await expect(admin.getByText('Submission updated successfully')).toBeVisible();
    await expect(adminCard.getByText('Offer Ready', { exact: true })).toBeVisible();

    // The seller reads the lines, the prices they used and the countdown, and counters once.
    await page.goto(`/client/submissions/${submissionId}`);
    const offer = page.getByRole('region', { name: 'Our offer' });
    await expect(offer.getByRole('list', { name: 'Offer lines' }).getByRole('listitem')).toHaveCount(2);
    await expect(offer.getByText('Rope chain, stamped 585')).toBeVisible();
    await expect(offer.getByText(/simulated/).first()).toBeVisible();
    await expect(offer.getByText(/The steel spring inside the clasp/)).toBeVisible();
    await expect(offer.getByText(/Your preliminary quote was/)).toBeVisible();
    await expect(offer.getByText(/\d+ days? \d+ hours? left/)).toBeVisible();
    await shot(page, '06-seller-itemised-offer');
    // The price lock, with its time and prices, on the seller's timeline.
    const timeline = page.getByRole('list', { name: 'Status history' });
    await expect(timeline.getByText('Prices locked', { exact: true })).toBeVisible();
    await expect(
      timeline.getByText(/^Prices locked on \w{3} \d{1,2} until \w{3} \d{1,2}: Gold \$[\d,]+\.\d{2}\/oz, Silver/),
    ).toBeVisible();
    await timeline.getByText('Prices locked', { exact: true }).scrollIntoViewIfNeeded();
    await shot(page, '06b-seller-price-lock');
    // The intake photos as a labelled gallery beside the offer; one opens larger from the keyboard.
    const gallery = page.getByRole('region', { name: 'Your parcel as we opened it' });
    await expect(gallery.getByRole('figure')).toHaveCount(2);
    await expect(gallery.getByText('Photo 2 of 2', { exact: true })).toBeVisible();
    await gallery.scrollIntoViewIfNeeded();
    await shot(page, '06c-seller-intake-gallery');
    await gallery.getByRole('button', { name: 'Enlarge photo 1 of 2' }).focus();
    await page.keyboard.press('Enter');
    const enlarged = page.getByRole('dialog', { name: 'Photo 1 of 2' });
    await expect(enlarged.getByRole('img')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: 'Photo 2 of 2' })).toBeVisible();
    await shot(page, '06d-seller-intake-photo-enlarged');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const ask = (Math.round(firstTotal) + 60).toFixed(2);
    await page.getByRole('button', { name: 'Make a counter-offer' }).click();
    await page.getByLabel('Your counter-offer ($)').fill(ask);
    await page.getByLabel('Message (optional)').fill('A jeweller quoted me more for the chain; could you meet me here?');
    await page.getByRole('button', { name: 'Review counter-offer' }).click();
    await shot(page, '07-seller-counter-confirm');
    await page.getByRole('button', { name: /^Send \$[\d,]+\.\d{2} counter-offer$/ }).click();
    await expect(page.getByText(/waiting for our appraiser/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Make a counter-offer' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Status history' }).getByText('Counter-offer sent')).toBeVisible();
    await shot(page, '08-seller-counter-waiting');

    // The appraiser sees the counter-offer and answers with a new offer: the clasp at its proposal.
    await admin.reload();
    await expect(adminCard.getByText(/Client countered \$[\d,]+\.\d{2}/)).toBeVisible();
    await shot(admin, '09-admin-counter-waiting');
    await adminCard.getByRole('button', { name: 'Answer with a new offer' }).click();
    const answer2 = adminCard.getByRole('group', { name: 'Line 2' });
    await expect(answer2.getByLabel('Description')).toHaveValue('Box clasp with a steel spring inside');
    await answer2.getByRole('button', { name: 'Use proposal' }).click();
    await adminCard.getByRole('button', { name: 'Submit Offer' }).click();
    const confirm2 = adminCard.getByRole('group', { name: /^Send an offer of \$[\d,]+\.\d{2} in 2 lines/ });
    const secondTotal = dollars((await confirm2.locator('strong').first().innerText()).trim());
    expect(secondTotal).toBeGreaterThan(firstTotal);
    await confirm2.getByRole('button', { name: /^Send \$[\d,]+\.\d{2} offer$/ }).click();
    await expect(admin.getByText('Submission updated successfully')).toBeVisible();
    await expect(adminCard.getByText(/version 2/)).toBeVisible();
    await shot(admin, '10-admin-answered');

    // The seller sees version 2, what became of the counter-offer, and accepts before it lapses.
    await page.reload();
    await expect(offer.getByText('Version 2')).toBeVisible();
    await expect(page.getByText(/: we answered with this new offer of \$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Make a counter-offer' })).toBeVisible();
    await shot(page, '11-seller-new-version');
    await page.getByRole('link', { name: 'Accept Offer' }).click();
    const total = secondTotal.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    await expect(page.getByRole('heading', { name: `Accept ${total}: choose how to get paid` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Offer Accepted!' })).toHaveCount(0);
    await page.getByLabel('Account holder name').fill(bank.accountName);
    await page.getByLabel('Routing number').fill(bank.routingNumber);
    await page.getByLabel('Account number').fill(bank.accountNumber);
    await shot(page, '12-seller-accept-choose-payout');
    await page.getByRole('button', { name: 'Confirm & Process Payout' }).click();
    await expect(page.getByRole('heading', { name: 'Offer Accepted!' })).toBeVisible();
    await expect(page.getByText('Your payout has been initiated successfully')).toBeVisible();
    await shot(page, '13-seller-offer-accepted');

    // The appraiser sends the ACH payout: the seller is paid.
    await openAdminArea(admin, 'Payouts', { fresh: true });
    const payout = admin
      .getByRole('region', { name: 'Payouts to send' })
      .getByRole('listitem')
      .filter({ hasText: submissionId.slice(-8) });
    await expect(payout).toContainText(total);
    await payout.getByRole('button', { name: /Mark sent/ }).click();
    const sent = admin.getByRole('dialog', { name: 'Mark payout as sent' });
    await sent.getByLabel('Payment reference').fill(`ACH-HONEST-${width}`);
    await sent.getByRole('button', { name: 'Mark sent', exact: true }).click();
    await expect(admin.getByText('Payout marked as sent')).toBeVisible();
    // Sent by hand, nothing from the bank yet: on its way, not "Paid" (decision 034).
    await page.goto(`/client/submissions/${submissionId}`);
    const history = page.getByRole('list', { name: 'Status history' });
    await expect(history.getByText('Payout on its way')).toBeVisible();
    await expect(
      history.getByText(`reference ACH-HONEST-${width}; marked paid once the bank confirms it.`, { exact: false }),
    ).toBeVisible();
    await expect(history.getByText('Payout paid')).toHaveCount(0);
    await confirmHandSentPayout(admin, submissionId.slice(-8), `BANK-CONF-${width}`);
    await page.reload();
    await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
    await expect(history.getByText('Payout paid')).toBeVisible();
    await expect(history.getByText(`by ACH, reference BANK-CONF-${width}.`, { exact: false })).toBeVisible();
    await shot(page, '14-seller-paid');
    await admin.context().close();
  });
}

test("the demo's lapsed offer cannot be accepted until the appraiser re-issues it at today's prices", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(120_000);
  const ring = '10k gold class ring, 2009, blue stone';
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/login');
  await page.getByLabel('Email').fill(demoAccounts.client.email);
  await page.getByLabel('Password', { exact: true }).fill(demoAccounts.client.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Client Dashboard' })).toBeVisible();
  const card = page.getByRole('listitem', { name: ring });
  await expect(card.getByText(/This offer expired on/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Accept Offer' })).toBeDisabled();
  await card.scrollIntoViewIfNeeded();
  await snap(page, 'offer-lapsed-01-card-375');

  const admin = await appraiserInBrowser(browser, baseURL!, extraHTTPHeaders ?? {}, 1440);
  const adminCard = admin.getByRole('article', { name: ring });
  await expect(adminCard.getByText('Lapsed')).toBeVisible();
  await snap(admin, 'offer-lapsed-02-admin-1440');
  await adminCard.getByRole('button', { name: "Re-issue at today's prices" }).click();
  await admin.getByRole('button', { name: 'Re-issue offer' }).click();
  await expect(adminCard.getByText(/version 2/)).toBeVisible();
  await admin.context().close();

  await page.reload();
  await expect(card.getByText(/This offer expired on/)).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Accept Offer' })).toBeVisible();
  await card.getByRole('link', { name: ring }).click();
  const offer = page.getByRole('region', { name: 'Our offer' });
  await expect(offer.getByText('Version 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept Offer' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Accept Offer' })).toBeVisible();
  await snap(page, 'offer-lapsed-03-reissued-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await snap(page, 'offer-lapsed-03-reissued-1440');
});
