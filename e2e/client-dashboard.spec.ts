import { demoAccounts } from '../apps/api/src/modules/demo/demo-accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { snap } from './support/screens.ts';

test.use({ viewport: { width: 375, height: 812 } });

test('the demo client sees every status on a phone, and the tabs really filter', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Selling Now' })).toBeVisible();
  await snap(page, 'client-01-landing-375');

  await page.goto('/client');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fclient/);
  await page.getByLabel('Email').fill(demoAccounts.client.email);
  await page.getByLabel('Password', { exact: true }).fill(demoAccounts.client.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { name: 'Client Dashboard' })).toBeVisible();
  await expect(page.getByTestId('user-initials')).toHaveText('DC');
  const list = page.getByRole('list', { name: 'Submissions', exact: true });
  for (const badge of ['New', 'Appraising', 'Offer Ready', 'Completed', 'Returned']) {
    await expect(list.getByText(badge, { exact: true }).first()).toBeVisible();
  }
  const pending = page.getByRole('group', { name: 'Pending Submissions' });
  await expect(pending.getByText('3', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Total Value' }).getByText('$228.86')).toBeVisible();
  await snap(page, 'client-02-dashboard-375');

  await page.getByRole('tab', { name: 'Completed' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('Dental gold and broken 10k earrings')).toBeVisible();
  await page.getByRole('tab', { name: 'Pending' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await snap(page, 'client-03-pending-tab-375');
});
