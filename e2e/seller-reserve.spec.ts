// Issue 27 item 6 in a real browser, at 375 and 1440 px (decision 040): a seller sets a reserve of
// $400 on a 10 g gold chain, to be paid by PayPal; the appraiser sees the reserve on the card and
// offers $450; the seller is told the reserve accepted it for them, sees "Decline before <time>"
// with the time left instead of Accept, and declines within the window: the item comes back.
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

for (const width of [375, 1440] as const) {
  const height = width === 375 ? 812 : 900;

  test(`at ${width} px: a reserve met by the offer is accepted for the seller, who declines within 24 h`, async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height });
    const shot = (p: Page, name: string) => snap(p, `reserve-${width}-${name}`);
    const description = `Gold rope chain with a reserve, ${width} px`;

    await signUpInBrowser(page, { firstName: 'Riley', lastName: 'Reserve', email: `reserve-${width}-${Date.now()}@assay.test` });
    await page.goto('/client/new');
    await page.getByText('Jewelry', { exact: true }).click();
    await page.getByLabel('Detailed Description *').fill(description);
    await page.getByLabel('Estimated Weight *').fill('10');
    // Above the estimate's maximum: allowed, with a warning.
    await page.getByLabel('Reserve (optional)').fill('9000');
    await expect(
      page.getByText(/^Above our estimate of at most \$[\d,]+\.\d{2}: an offer is likely to be below it/),
    ).toBeVisible();
    await page.getByLabel('Reserve (optional)').fill('400');
    await expect(page.getByText(/^Above our estimate/)).toHaveCount(0);
    await page.getByLabel('PayPal e-mail').fill(`riley-${width}@example.com`);
    await page.getByLabel('Reserve (optional)').scrollIntoViewIfNeeded();
    await shot(page, '01-form-reserve');
    await page.getByRole('button', { name: 'Submit for Preliminary Appraisal' }).click();
    await expect(page.getByRole('heading', { name: 'Client Dashboard' })).toBeVisible();
    const card = page.getByRole('listitem', { name: description });
    const submissionId = (await card.getAttribute('data-submission-id'))!;
    await card.getByRole('button', { name: 'Print Label' }).click();
    await saveAddressAndPrintLabel(page, {
      name: 'Riley Reserve',
      street: '12 Orchard Lane',
      city: 'Burlington',
      state: 'VT',
      zip: '05401',
    });

    await page.goto(`/client/submissions/${submissionId}`);
    await expect(page.getByText(/Your reserve: \$400\.00\./)).toBeVisible();

    // The appraiser sees the reserve, receives the parcel and offers above it.
    const admin = await appraiserInBrowser(browser, baseURL!, extraHTTPHeaders ?? {}, width);
    const adminCard = admin.locator(`article[data-submission-id="${submissionId}"]`);
    await expect(adminCard.getByText('An offer at or above it is accepted for them')).toBeVisible();
    await adminCard.getByRole('button', { name: 'Mark Received' }).click();
    await admin.getByRole('dialog', { name: 'Mark parcel received' }).getByRole('button', { name: 'Mark Received' }).click();
    await expect(adminCard.getByText('Appraising', { exact: true })).toBeVisible();
    await adminCard.getByLabel('Final Offer ($)').fill('450.00');
    await adminCard.getByLabel('Actual Weight').fill('10');
    await shot(admin, '02-admin-reserve-offer');
    await adminCard.getByRole('button', { name: 'Submit Offer' }).click();
    await adminCard.getByRole('button', { name: /^Send \$450\.00 offer$/ }).click();
    await expect(admin.getByText('Submission updated successfully')).toBeVisible();
    await admin.context().close();

    // The seller: accepted for them, with the window and the decline button in place of Accept.
    await page.goto(`/client/submissions/${submissionId}`);
    const met = page.getByRole('region', { name: /Your reserve was met/ });
    await expect(met).toBeVisible();
    await expect(met.getByRole('timer')).toHaveText(
      /^You can decline until .+ \(2[34] h \d+ min left\)\.$|^You can decline until .+ \(23 h \d+ min left\)\.$/,
    );
    await expect(page.getByRole('link', { name: 'Accept Offer' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Make a counter-offer' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Status history' }).getByText('Offer accepted by your reserve')).toBeVisible();
    await met.scrollIntoViewIfNeeded();
    await shot(page, '03-detail-reserve-met');
    await met.getByRole('button', { name: /^Decline before / }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog
      .getByRole('button', { name: /Decline/ })
      .last()
      .click();
    await expect(page.getByText('Returning', { exact: true }).first()).toBeVisible();
    await shot(page, '04-detail-declined');
  });
}
