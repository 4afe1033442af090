// The appraiser's work areas (issue 26 item 6): each a page of its own under /admin, reached from
// the bar every admin page shares, and none scrolls sideways on a 375 px phone. One sign-in (the
// sign-in limit is per address); pictures of every area at 375 and 1440 px.
import type { Page } from '@playwright/test';
import { adminAreas, openAdminArea, type AdminArea } from './support/appraiser.ts';
import { demoAccounts } from '../apps/api/src/modules/demo/demo-accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { snap } from './support/screens.ts';

const areas = Object.keys(adminAreas) as AdminArea[];

/** How far the page reaches sideways: wider than the viewport means a sideways scroll. */
const pageWidth = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth');

test('every admin work area has its own page, linked from the bar, and none scrolls sideways at 375 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/login');
  await page.getByLabel('Email').fill(demoAccounts.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(demoAccounts.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Mailbox' })).toBeVisible();

  const bar = page.getByRole('navigation', { name: 'Appraiser work areas' });
  await expect(bar.getByRole('link')).toHaveText(areas.map((area) => new RegExp(`^${area}`)));

  for (const width of [375, 1440] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    for (const area of areas) {
      await openAdminArea(page, area);
      // Every panel has answered (or said it could not) before the page is measured.
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      if (width === 375) expect(await pageWidth(page), `${area} at 375 px`).toBeLessThanOrEqual(375);
      await snap(page, `admin-areas-${area.toLowerCase()}-${width}`);
    }
  }

  // Each area answers at its own address too, and an unknown one is the 404 page, as before.
  await page.goto(adminAreas.Rails.path);
  await expect(page.getByRole('heading', { level: 1, name: adminAreas.Rails.title, exact: true })).toBeVisible();
  await page.goto('/admin/no-such-area');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});
