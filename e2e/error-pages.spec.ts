// Issue 10: a page that fails to render shows a real fallback (and keeps its header); a route
// whose code no longer exists on the server (a tab opened before a deploy) offers a reload.
import { demoAccounts } from '../apps/api/src/modules/demo/demo-accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { snap } from './support/screens.ts';

test.use({
  // An array option is written as [value, options] in test.use.
  expectedConsoleErrors: [
    [
      // The aborted page file; a visitor's GET /api/auth/user answers 401 by design (SPEC 7).
      /Failed to load resource/,
      // The boundary's own log line (wanted), and React reporting the error the boundary caught.
      /Assay could not show this page/,
      /Failed to fetch dynamically imported module|is not a function/,
    ],
    { scope: 'test' },
  ],
});

for (const [width, height] of [
  [375, 812],
  [1440, 900],
] as const) {
  test(`a stale tab whose page file is gone offers a reload, which works (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const faqScript = /\/assets\/faq-[^/]+\.js$/;
    await page.route(faqScript, (route) => route.abort());
    await page.goto('/faq');
    await expect(page.getByRole('heading', { name: 'Assay has been updated' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await snap(page, `error-01-stale-tab-${width}`);

    await page.unroute(faqScript);
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  });

  test(`a page that breaks keeps the header, and "Try again" brings it back (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/login');
    await page.getByLabel('Email').fill(demoAccounts.client.email);
    await page.getByLabel('Password', { exact: true }).fill(demoAccounts.client.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Client Dashboard' })).toBeVisible();

    // A malformed answer (an object where the list belongs) makes the submissions list throw.
    await page.route('**/api/submissions', (route) => route.fulfill({ json: {} }));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: /^Notifications/ })).toBeVisible();
    await snap(page, `error-02-page-broke-${width}`);

    await page.unroute('**/api/submissions');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Client Dashboard' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Submissions', exact: true }).getByRole('listitem').first()).toBeVisible();
  });
}
