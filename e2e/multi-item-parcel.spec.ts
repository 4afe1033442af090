// Issue 27 item 5 in a real browser, at 375 and 1440 px (decision 042): a seller sends a 14k ring
// (its stones to come back) and a broken chain in one parcel, each with its own photo and quote;
// the appraiser prices each item on its own line; the seller keeps the ring and declines the chain:
// the ring is paid by PayPal, and the chain comes back alone in one insured parcel.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { appraiserInBrowser } from './support/appraiser.ts';
import { expect, firstLabelAsksForAddress409, test, visitor401 } from './support/fixtures.ts';
import { saveAddressAndPrintLabel } from './support/shipping-label.ts';
import { signUpInBrowser } from './support/sign-up.ts';
import { snap } from './support/screens.ts';

test.use({
  acceptDownloads: true,
  expectedConsoleErrors: [[visitor401, firstLabelAsksForAddress409], { scope: 'test' }],
});

async function jpeg(dir: string, name: string, color: { r: number; g: number; b: number }): Promise<string> {
  const file = path.join(dir, name);
  await sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toFile(file);
  return file;
}

for (const width of [375, 1440] as const) {
  const height = width === 375 ? 812 : 900;

  test(`at ${width} px: a ring and a chain in one parcel, the ring kept and paid, the chain declined and sent back`, async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height });
    const shot = (p: Page, name: string) => snap(p, `items-${width}-${name}`);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-items-'));
    const ring = `14k ring with a small diamond, ${width} px`;
    const chain = `Broken 14k chain, ${width} px`;

    await signUpInBrowser(page, { firstName: 'Morgan', lastName: 'Parcel', email: `items-${width}-${Date.now()}@assay.test` });
    await page.goto('/client/new');
    await expect(page.getByRole('heading', { name: 'New Submission' })).toBeVisible();

    // Item 1, SPEC's fields: the ring, its stones to be taken out and sent back.
    await page.getByText('Jewelry', { exact: true }).first().click();
    await page.getByLabel('Detailed Description *').first().fill(ring);
    await page.getByLabel('Estimated Weight *').first().fill('4');
    await page.getByLabel('What is it made of?').first().selectOption('gold-14k');
    const stones = page.getByRole('group', { name: 'Does it have stones?' }).first();
    await expect(stones.getByText(/Taking stones out can chip soft or treated stones/)).toBeVisible();
    await stones.getByRole('radio', { name: 'Return my stones' }).check();
    await page
      .getByLabel('Add Primary photo')
      .first()
      .setInputFiles(await jpeg(dir, 'ring.jpg', { r: 190, g: 60, b: 60 }));
    await expect(page.getByText('1 image(s) uploaded successfully').first()).toBeVisible();

    // Item 2: the chain, with its own photo and quote.
    await page.getByRole('button', { name: 'Add another item' }).click();
    const item2 = page.getByRole('group', { name: 'Item 2' });
    await item2.getByText('Coins/Scrap', { exact: true }).click();
    await item2.getByLabel('What is it made of?').selectOption('gold-14k');
    await item2.getByLabel('Detailed Description *').fill(chain);
    await item2.getByLabel('Estimated Weight *').fill('10');
    await item2.getByLabel('Add Primary photo').setInputFiles(await jpeg(dir, 'chain.jpg', { r: 214, g: 170, b: 52 }));
    await expect(item2.getByText(/^Preliminary quote for item 2:/)).toBeVisible();
    await item2.scrollIntoViewIfNeeded();
    await shot(page, '01-form-second-item');
    await page.getByRole('button', { name: 'Submit for Preliminary Appraisal' }).click();
    await expect(page.getByRole('heading', { name: 'Client Dashboard' })).toBeVisible();

    const card = page.getByRole('listitem', { name: ring });
    await expect(card.getByText('2 items', { exact: true })).toBeVisible();
    await expect(card.getByText("The sum of the 2 items' estimates")).toBeVisible();
    const submissionId = (await card.getAttribute('data-submission-id'))!;
    await card.getByRole('button', { name: 'Print Label' }).click();
    await saveAddressAndPrintLabel(page, {
      name: 'Morgan Parcel',
      street: '12 Orchard Lane',
      city: 'Burlington',
      state: 'VT',
      zip: '05401',
    });

    await page.goto(`/client/submissions/${submissionId}`);
    const items = page.getByRole('region', { name: 'Items in this parcel' });
    await expect(items.getByText(chain)).toBeVisible();
    await expect(items.getByText('Return my stones')).toBeVisible();
    await shot(page, '02-seller-items');

    // The appraiser sees both items and prices each on its own line.
    const admin = await appraiserInBrowser(browser, baseURL!, extraHTTPHeaders ?? {}, width);
    const adminCard = admin.locator(`article[data-submission-id="${submissionId}"]`);
    await expect(adminCard.getByText(/2 items/).first()).toBeVisible();
    await adminCard.getByRole('button', { name: 'Mark Received' }).click();
    await admin.getByRole('dialog', { name: 'Mark parcel received' }).getByRole('button', { name: 'Mark Received' }).click();
    await expect(adminCard.getByText('Appraising', { exact: true })).toBeVisible();
    // A parcel of several items is priced line by line: no single amount is offered.
    await expect(adminCard.getByText(/^This parcel holds 2 items: give each at least one line/)).toBeVisible();
    await expect(adminCard.getByRole('button', { name: 'Single amount' })).toHaveCount(0);
    const line1 = adminCard.getByRole('group', { name: 'Line 1' });
    await line1.getByLabel('Item').selectOption({ index: 0 });
    await line1.getByLabel('Description').fill('Ring shank, stamped 585');
    await line1.getByLabel('Material').selectOption('gold-14k');
    await line1.getByLabel('Tested by').selectOption('xrf');
    await line1.getByLabel('Weight').fill('3.8');
    await expect(line1.getByLabel('Amount ($)')).not.toHaveValue('');
    await adminCard.getByRole('button', { name: 'Add line' }).click();
    const line2 = adminCard.getByRole('group', { name: 'Line 2' });
    await line2.getByLabel('Item').selectOption({ index: 1 });
    await line2.getByLabel('Description').fill('Chain, broken, stamped 585');
    await line2.getByLabel('Material').selectOption('gold-14k');
    await line2.getByLabel('Tested by').selectOption('acid');
    await line2.getByLabel('Weight').fill('9.6');
    await expect(line2.getByLabel('Amount ($)')).not.toHaveValue('');
    await shot(admin, '03-admin-lines-per-item');
    await adminCard.getByRole('button', { name: 'Submit Offer' }).click();
    const confirm = adminCard.getByRole('group', { name: /^Send an offer of \$[\d,]+\.\d{2} in 2 lines/ });
    await confirm.getByRole('button', { name: /^Send \$[\d,]+\.\d{2} offer$/ }).click();
    await expect(admin.getByText('Submission updated successfully')).toBeVisible();

    // The seller keeps the ring and declines the chain.
    await page.reload();
    const choices = page.getByRole('region', { name: 'Your choice for each item' });
    await expect(choices).toBeVisible();
    await choices
      .getByRole('group', { name: /^Item 1/ })
      .getByText('Accept', { exact: true })
      .click();
    await choices
      .getByRole('group', { name: /^Item 2/ })
      .getByText('Decline', { exact: true })
      .click();
    await expect(
      choices.getByText(
        /^You accept 1 item for \$[\d,]+\.\d{2}, paid together, and decline 1 item, which we send back to you in one insured parcel\.$/,
      ),
    ).toBeVisible();
    await choices.scrollIntoViewIfNeeded();
    await shot(page, '04-seller-choices');
    await choices.getByRole('button', { name: 'Send my choices' }).click();
    const next = page.getByRole('region', { name: 'Your next step' });
    const accept = next.getByRole('link', { name: /^Accept \$[\d,]+\.\d{2}$/ });
    await expect(accept).toBeVisible();
    const kept = (await accept.innerText()).replace('Accept ', '');
    await shot(page, '05-seller-next-step');
    await accept.click();
    await expect(page.getByRole('heading', { name: `Accept ${kept}: choose how to get paid` })).toBeVisible();
    await page.getByRole('radio', { name: /PayPal/ }).check();
    await page.getByLabel('PayPal email').fill(`morgan-${width}@example.com`);
    await page.getByRole('button', { name: 'Confirm & Process Payout' }).click();
    await expect(page.getByRole('heading', { name: 'Offer Accepted!' })).toBeVisible();

    // The ring is sold; the chain is on its way back with its own tracking number.
    await page.goto(`/client/submissions/${submissionId}`);
    await expect(items.getByText('Sold', { exact: true })).toBeVisible();
    await expect(items.getByText('Coming back', { exact: true })).toBeVisible();
    const history = page.getByRole('list', { name: 'Status history' });
    await expect(history.getByText('You chose item by item')).toBeVisible();
    await expect(history.getByText('Declined items on their way back')).toBeVisible();
    await items.scrollIntoViewIfNeeded();
    await shot(page, '06-seller-sold-and-returning');
    await admin.close();
  });
}
