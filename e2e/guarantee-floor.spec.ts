// Issue 27 item 2's journey (decision 036), at 375 and 1440 px: a seller names 14k gold and its
// weight and sees the guaranteed floor before shipping; the appraiser receives the parcel and,
// measuring exactly what was named, offers below the floor, warned live that the seller will be
// owed a free return and the goodwill; the seller reads the shortfall, declines with a free return
// and claims the $25.00 goodwill as its own payout. Each screen is saved to look at.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { appraiserInBrowser } from './support/appraiser.ts';
import { expect, test } from './support/fixtures.ts';
import { saveAddressAndPrintLabel } from './support/shipping-label.ts';
import { signUpInBrowser } from './support/sign-up.ts';
import { snap } from './support/screens.ts';

test.use({
  acceptDownloads: true,
  expectedConsoleErrors: [
    [
      /Failed to load resource: the server responded with a status of 401/,
      /Failed to load resource: the server responded with a status of 409/,
    ],
    { scope: 'test' },
  ],
});

const ring = '14k gold signet ring, stamped 585';

for (const width of [375, 1440] as const) {
  const height = width === 375 ? 812 : 900;

  test(`at ${width} px: an offer below the guaranteed floor, unexplained, is declined free and its goodwill claimed`, async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height });
    const shot = (p: Page, name: string) => snap(p, `floor-${width}-${name}`);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-floor-'));
    const photo = path.join(dir, 'ring.jpg');
    await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 214, g: 170, b: 52 } } })
      .jpeg({ quality: 80 })
      .toFile(photo);

    // The seller names the metal and the weight: the quote carries a floor, shown before shipping.
    await signUpInBrowser(page, { firstName: 'Flora', lastName: 'Floor', email: `floor-${width}-${Date.now()}@assay.test` });
    await page.goto('/client/new');
    await page.getByText('Jewelry', { exact: true }).click();
    await page.getByLabel('Detailed Description *').fill(ring);
    await page.getByLabel('Estimated Weight *').fill('10');
    await page.getByLabel('What is it made of?').selectOption('gold-14k');
    await expect(page.getByText(/^Guaranteed floor: \$[\d,]+\.\d{2}\.$/)).toBeVisible();
    await page.getByLabel('Add Primary photo').setInputFiles(photo);
    await expect(page.getByText('1 image(s) uploaded successfully')).toBeVisible();
    await shot(page, '01-new-submission-floor');
    await page.getByRole('button', { name: 'Submit for Preliminary Appraisal' }).click();
    const card = page.getByRole('listitem', { name: ring });
    const submissionId = (await card.getAttribute('data-submission-id'))!;
    await card.getByRole('button', { name: 'Print Label' }).click();
    await saveAddressAndPrintLabel(page, {
      name: 'Flora Floor',
      street: '3 Mill Road',
      city: 'Burlington',
      state: 'VT',
      zip: '05401',
    });

    // The appraiser measures what was named, offers below the floor, and is warned as they type.
    const admin = await appraiserInBrowser(browser, baseURL!, extraHTTPHeaders ?? {}, width);
    const adminCard = admin.locator(`article[data-submission-id="${submissionId}"]`);
    await adminCard.getByRole('button', { name: 'Mark Received' }).click();
    await admin
      .getByRole('dialog', { name: 'Mark parcel received' })
      .getByRole('button', { name: /^Mark Received/ })
      .click();
    await expect(adminCard.getByText('Appraising', { exact: true })).toBeVisible();
    await adminCard.getByRole('button', { name: 'Itemised lines' }).click();
    const floorNote = adminCard.getByTestId('offer-floor');
    await expect(floorNote).toContainText(/^Seller named Gold 14K, 10 g: floor \$[\d,]+\.\d{2}/);
    const line1 = adminCard.getByRole('group', { name: 'Line 1' });
    await line1.getByLabel('Description').fill('Signet ring, stamped 585');
    await line1.getByLabel('Material').selectOption('gold-14k');
    await line1.getByLabel('Tested by').selectOption('xrf');
    await line1.getByLabel('Weight').fill('10');
    await line1.getByLabel('Amount ($)').fill('100.00');
    await line1.getByLabel('Reason').fill('Worn through at the shank; priced as we would resell it.');
    await expect(floorNote.getByRole('alert')).toHaveText(
      'This offer is below the guaranteed floor: the seller will be owed a free return and $25.00 goodwill.',
    );
    await shot(admin, '02-admin-offer-below-floor');
    await adminCard.getByRole('button', { name: 'Submit Offer' }).click();
    await adminCard.getByRole('button', { name: /^Send \$[\d,]+\.\d{2} offer$/ }).click();
    await expect(adminCard.getByText('Offer Ready', { exact: true })).toBeVisible();
    await admin.context().close();

    // The seller reads the shortfall, declines with a free return, and claims the goodwill.
    await page.goto(`/client/submissions/${submissionId}`);
    await expect(
      page.getByText(/This offer is below the floor we promised, and not because of the weight or purity/),
    ).toBeVisible();
    await shot(page, '03-seller-shortfall');
    await page.goto('/client');
    await page.getByRole('listitem', { name: ring }).getByRole('button', { name: 'Decline offer' }).click();
    await page
      .getByRole('dialog', { name: 'Decline this offer?' })
      .getByRole('button', { name: 'Decline offer and return my item' })
      .click();
    await page.goto(`/client/submissions/${submissionId}`);
    await expect(page.getByText('(free return shipping)')).toBeVisible();
    const claim = page.getByTestId('goodwill-claim');
    await expect(claim.getByRole('heading', { name: 'Claim your $25.00 goodwill' })).toBeVisible();
    await claim.getByRole('radio', { name: /PayPal/ }).check();
    await claim.getByLabel('PayPal email').fill(`floor-${width}@assay.test`);
    await expect(claim.getByTestId('goodwill-total')).toHaveText('$25.00');
    await shot(page, '04-seller-claim-goodwill');
    await claim.getByRole('button', { name: 'Claim $25.00 goodwill' }).click();
    await expect(page.getByTestId('payout-goodwill')).toHaveText(
      'Goodwill $25.00: the offer you declined was below your guaranteed floor.',
    );
    await shot(page, '05-seller-goodwill-payout');
  });
}
