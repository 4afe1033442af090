// The appraisers' Prices panel (DECISIONS "Prices"), on the Prices work area, as one appraiser's session (one sign-in: the
// sign-in limit is per address). The admin sees the demo's simulated feed said plainly and when
// it last answered, is stopped by the per-carat schema's message before anything is sent, sets
// Ruby's price (the public list answers it at once), and refreshes the feed by hand.
import { findPricingRow, gemPricePerCaratSchema, type PricingRow, type PricingStatus } from '@assay/domain';
import { demoAccounts } from '../apps/api/src/modules/demo/demo-accounts.ts';
import { openAdminArea } from './support/appraiser.ts';
import { expect, test } from './support/fixtures.ts';
import { screenshotDir, snap } from './support/screens.ts';

test.use({ viewport: { width: 1440, height: 900 } });

/** Pictures of the panel alone: the sticky page header would cover its top. */
const unstick = 'header { position: static !important; }';

/** The schema's own message for a price it refuses, so the test follows its wording. */
function refusal(text: string): string {
  const parsed = gemPricePerCaratSchema.safeParse(text);
  expect(parsed.success, `"${text}" is refused`).toBe(false);
  return parsed.error!.issues[0]!.message;
}

test('an appraiser reads the feed status, sets a gem price and refreshes the prices', async ({ page }) => {
  const priceWrites: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname.startsWith('/api/pricing/'))
      priceWrites.push(request.url());
  });

  await page.goto('/login');
  await page.getByLabel('Email').fill(demoAccounts.admin.email);
  await page.getByLabel('Password').fill(demoAccounts.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Mailbox' })).toBeVisible();
  await openAdminArea(page, 'Prices');

  // The feed: simulated, said plainly, and when it last answered.
  const panel = page.getByRole('region', { name: 'Prices', exact: true });
  await expect(panel.getByRole('heading', { name: 'Metal price feed' })).toBeVisible();
  const feed = panel.getByTestId('pricing-feed');
  await expect(feed).toContainText('Simulated feed (demo prices)');
  await expect(feed).toContainText('They are not real market prices.');
  const updated = panel.getByTestId('pricing-feed-updated').locator('time');
  await expect(updated).toHaveText(/^(just now|\d+m ago)/);
  await expect(updated).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(panel.getByText('Every 60 seconds, automatically')).toBeVisible();
  await expect(panel.getByTestId('pricing-feed-stale')).toHaveCount(0);

  // The four gems with their reference prices per carat.
  const gems = panel.getByTestId('gem-price');
  await expect(gems).toHaveCount(4);
  await expect(gems.filter({ hasText: 'Diamond' }).getByTestId('gem-price-current')).toHaveText('$3,500.00');
  const ruby = gems.filter({ hasText: 'Ruby' });
  await expect(ruby.getByTestId('gem-price-current')).toHaveText('$1,200.00');
  await expect(ruby).toContainText('Starting reference price');
  await snap(page, 'admin-prices-01-page-1440');
  await panel.screenshot({ style: unstick, path: `${screenshotDir}/admin-prices-01-panel-1440.png` });

  // Refused in the browser with the schema's message: nothing is sent.
  const rubyInput = panel.getByRole('textbox', { name: 'New Ruby price per carat, in US dollars' });
  const saveRuby = panel.getByRole('button', { name: 'Save Ruby price' });
  for (const bad of ['abc', '0']) {
    await rubyInput.fill(bad);
    await saveRuby.click();
    await expect(ruby.getByText(refusal(bad))).toBeVisible();
    await expect(rubyInput).toHaveAttribute('aria-invalid', 'true');
  }
  await panel.screenshot({ style: unstick, path: `${screenshotDir}/admin-prices-02-refused-1440.png` });
  expect(priceWrites).toEqual([]);

  // A good price: saved, announced, shown, and answered by the public list.
  await rubyInput.fill('4321.50');
  await expect(ruby.getByText(refusal('abc'))).toBeHidden();
  await saveRuby.click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Ruby price updated' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Now $4,321.50 per carat.');
  await expect(ruby.getByTestId('gem-price-current')).toHaveText('$4,321.50');
  await expect(ruby).toContainText('Set by an appraiser');
  await expect(rubyInput).toHaveValue('');
  expect(priceWrites).toHaveLength(1);
  const list = await page.request.get('/api/pricing');
  expect(list.ok()).toBe(true);
  expect(findPricingRow((await list.json()) as PricingRow[], 'ruby')?.pricePerCarat).toBe('4321.50');
  // The viewport, so the toast is in the picture next to the panel.
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${screenshotDir}/admin-prices-03-saved-1440.png` });

  // 'Refresh Pricing': SPEC 8's message, and the panel's time is the refresh's.
  const before = Date.parse((await updated.getAttribute('datetime'))!);
  const clicked = Date.now();
  await page.getByRole('button', { name: 'Refresh Pricing' }).click();
  await expect(page.getByText('Pricing Updated', { exact: true })).toBeVisible();
  await expect
    .poll(async () => Date.parse((await updated.getAttribute('datetime')) ?? ''), {
      message: 'the updated time follows the refresh',
    })
    .toBeGreaterThan(Math.max(before, clicked - 1_000));
  await expect(updated).toHaveText(/^just now/);

  // A phone: the same panel, one column (once the toasts have gone, so they hide nothing).
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 812 });
  await panel.scrollIntoViewIfNeeded();
  await expect(rubyInput).toBeVisible();
  await rubyInput.fill('abc');
  await saveRuby.click();
  await expect(ruby.getByText(refusal('abc'))).toBeVisible();
  await panel.screenshot({ style: unstick, path: `${screenshotDir}/admin-prices-04-panel-375.png` });
  await page.getByRole('heading', { level: 1, name: 'Prices', exact: true }).scrollIntoViewIfNeeded();
  await snap(page, 'admin-prices-05-page-375');
  expect(priceWrites).toHaveLength(1);

  // A feed that has been failing for a while (the status answered for it): stale, with its error.
  const failedAt = new Date(Date.now() - 12 * 60_000).toISOString();
  const lastGood = new Date(Date.now() - 25.5 * 60_000).toISOString();
  const error = 'gold-api.com answered HTTP 503 (Service Unavailable)';
  await page.route('**/api/pricing/status', (route) =>
    route.fulfill({
      json: {
        provider: 'gold-api',
        source: 'gold-api.com',
        refreshSeconds: 60,
        pricesUpdatedAt: lastGood,
        stale: true,
        lastSuccessAt: lastGood,
        lastError: { message: error, at: failedAt },
      } satisfies PricingStatus,
    }),
  );
  await page.reload();
  await expect(panel.getByTestId('pricing-feed')).toContainText('Live metal prices from gold-api.com');
  await expect(panel.getByTestId('pricing-feed')).not.toContainText('simulated');
  await expect(panel.getByTestId('pricing-feed-updated').locator('time')).toHaveText(/^25m ago/);
  await expect(panel.getByTestId('pricing-feed-stale')).toContainText('the last good prices are from 25m ago');
  await expect(panel.getByTestId('pricing-feed-error')).toContainText(`The last refresh failed`);
  await expect(panel.getByTestId('pricing-feed-error')).toContainText(error);
  await panel.screenshot({ style: unstick, path: `${screenshotDir}/admin-prices-06-failing-feed-375.png` });
});
