// Issue 12's PayPal journeys on the rails app, whose PayPal payouts go out by the Payouts API to the
// fake PayPal (support/fake-rails-server.ts): one is sent, PayPal settles it and says so by a signed
// webhook, and the seller sees it paid; another is not claimed, and the seller is asked for new
// details. The hand-over to PayPal and the webhooks are applied by jobs, so the seller's page is
// reloaded until the state arrives. The ledger agrees after each, and PayPal holds one item each.
import { appraiserInBrowser } from '../support/appraiser.ts';
import { expect, test } from '../support/fixtures.ts';
import { acceptOffer, expectReconciled, fakePayPal, sellerWithOffer, waitForPayoutState } from '../support/rails-journeys.ts';
import { snap } from '../support/screens.ts';

test.use({ viewport: { width: 1440, height: 900 } });

test('a PayPal payout is sent by the Payouts API and paid when PayPal says it succeeded', async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(120_000);
  const email = `paypal-paid-${Date.now()}@assay.test`;
  const admin = await appraiserInBrowser(browser, baseURL!, extraHTTPHeaders ?? {});
  const id = await sellerWithOffer(page, admin, {
    firstName: 'Parker',
    lastName: 'Paid',
    email,
    item: '18k gold hoop earrings, PayPal journey',
    offer: '400.00',
  });
  await fakePayPal.outcome(email, 'SUCCESS');
  await acceptOffer(page, id, { method: 'paypal', email });

  // The hand-over runs after the acceptance: PayPal holds one item for the seller.
  await waitForPayoutState(page, id, /^Sent \w{3} \d{1,2} by PayPal/);
  await snap(page, 'rails-paypal-01-seller-sent');
  const items = await fakePayPal.items(email);
  // 2.9% + $0.30 of $400.00 is $11.90: $388.10 reaches the seller.
  expect(items.map((i) => [i.amount.value, i.transactionStatus])).toEqual([['388.10', 'PENDING']]);
  await expectReconciled(admin.request);

  // PayPal pays the item and tells the app by a signed webhook, stored and then applied by a job.
  await fakePayPal.settle();
  const { deliveries } = await fakePayPal.deliver(email);
  expect(deliveries.map((d) => [d.eventType, d.status])).toEqual([['PAYMENT.PAYOUTS-ITEM.SUCCEEDED', 200]]);
  await waitForPayoutState(page, id, /^Paid \w{3} \d{1,2} by PayPal/);
  await snap(page, 'rails-paypal-02-seller-paid');
  expect(await fakePayPal.items(email)).toHaveLength(1);
  await expectReconciled(admin.request);
  await admin.context().close();
});

test('a PayPal payout nobody claims asks the seller for new details', async ({ page, browser, baseURL, extraHTTPHeaders }) => {
  test.setTimeout(120_000);
  const email = `paypal-unclaimed-${Date.now()}@assay.test`;
  const admin = await appraiserInBrowser(browser, baseURL!, extraHTTPHeaders ?? {});
  const id = await sellerWithOffer(page, admin, {
    firstName: 'Uma',
    lastName: 'Unclaimed',
    email,
    item: 'Sterling and 14k charm bracelet, unclaimed PayPal journey',
    offer: '260.00',
  });
  await fakePayPal.outcome(email, 'UNCLAIMED');
  await acceptOffer(page, id, { method: 'paypal', email });
  await waitForPayoutState(page, id, /^Sent \w{3} \d{1,2} by PayPal/);

  await fakePayPal.settle();
  const { deliveries } = await fakePayPal.deliver(email);
  expect(deliveries.map((d) => [d.eventType, d.status])).toEqual([['PAYMENT.PAYOUTS-ITEM.UNCLAIMED', 200]]);
  await waitForPayoutState(page, id, /^Not claimed on PayPal by \w{3} \d{1,2}\. Please give new payout details\.$/);
  await expect(page.getByRole('heading', { name: /^The PayPal payment was not claimed/ })).toBeVisible();
  await snap(page, 'rails-paypal-03-seller-unclaimed');

  await page.goto('/client');
  const card = page.getByRole('listitem', { name: 'Sterling and 14k charm bracelet, unclaimed PayPal journey' });
  await expect(card.getByText('Payout unclaimed: give new details')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Give new payout details' })).toBeVisible();
  expect(await fakePayPal.items(email)).toHaveLength(1);
  await expectReconciled(admin.request);
  await admin.context().close();
});
