// Issue 12's parcel journey on the rails app, whose labels are bought from the fake EasyPost
// (support/fake-rails-server.ts): the seller prints a real carrier label, the carrier scans the
// parcel on its way and at Assay's door, each scan comes back as a signed webhook, and the seller's
// timeline shows the parcel's way while the appraiser's mailbox says it is "Delivered, awaiting intake".
import { appraiserInBrowser } from '../support/appraiser.ts';
import { expect, firstLabelAsksForAddress409, test } from '../support/fixtures.ts';
import { fakeCarrier } from '../support/rails-journeys.ts';
import { snap } from '../support/screens.ts';
import { saveAddressAndPrintLabel } from '../support/shipping-label.ts';
import { signUpInBrowser } from '../support/sign-up.ts';

test.use({
  viewport: { width: 1440, height: 900 },
  acceptDownloads: true,
  // An array option is written as [value, options] in test.use.
  expectedConsoleErrors: [[firstLabelAsksForAddress409], { scope: 'test' }],
});

test("a parcel's tracking reaches the seller's timeline and the appraiser's mailbox", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(120_000);
  const item = 'Sterling silver tea spoons, tracking journey';
  await signUpInBrowser(page, { firstName: 'Tracy', lastName: 'Tracking', email: `tracking-${Date.now()}@assay.test` });
  const created = await page.request.post('/api/submissions', {
    headers: { Origin: new URL(page.url()).origin },
    data: { category: 'scrap', description: item, estimatedWeight: 120, weightUnit: 'grams', images: [] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // The seller prints the label from the dashboard: the carrier's own label, bought at the fake.
  await page.goto('/client');
  const card = page.getByRole('listitem', { name: item });
  await card.getByRole('button', { name: 'Print Label' }).click();
  await saveAddressAndPrintLabel(page, {
    name: 'Tracy Tracking',
    street: '12 Harbor Road',
    city: 'Memphis',
    state: 'TN',
    zip: '38103',
  });

  const detail = await page.request.get(`/api/submissions/${id}`);
  const label = ((await detail.json()) as { label: { trackingNumber: string; carrier: string } | null }).label;
  expect(label?.carrier).not.toBe('Assay Sample');
  const trackingNumber = label!.trackingNumber;

  // The carrier scans it on the way, then at Assay's door; each scan is a signed webhook.
  await fakeCarrier.scan(trackingNumber, 'in_transit', {
    message: 'Arrived at USPS Regional Facility',
    city: 'Memphis',
    state: 'TN',
  });
  await fakeCarrier.scan(trackingNumber, 'delivered', { message: 'Delivered, front desk', city: 'Wilmington', state: 'DE' });

  // The webhooks are applied by a job: the seller's page shows them once it has run.
  await page.goto(`/client/submissions/${id}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Parcel delivered', { exact: true })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('Parcel in transit', { exact: true })).toBeVisible();
  await expect(page.getByText('Your parcel has reached us. Our appraiser opens it next.')).toBeVisible();
  await expect(page.getByText(/In transit: Arrived at USPS Regional Facility, Memphis,? TN/)).toBeVisible();
  await snap(page, 'rails-tracking-01-seller-timeline');

  const admin = await appraiserInBrowser(browser, baseURL!, extraHTTPHeaders ?? {});
  const mailboxCard = admin.locator(`article[data-submission-id="${id}"]`);
  await expect(mailboxCard.getByText('Delivered, awaiting intake').first()).toBeVisible();
  await snap(admin, 'rails-tracking-02-mailbox');
});
