// The demo appraiser, signed in to the mailbox in a browser context of their own, beside the
// seller's page: the journeys where both act each hold one page per person.
import type { Browser, Page } from '@playwright/test';
import { demoAccounts } from '../../apps/api/src/modules/demo/demo-accounts.ts';
import { expect } from './fixtures.ts';

export async function appraiserInBrowser(
  browser: Browser,
  baseURL: string,
  headers: Record<string, string>,
  width: 375 | 1440 = 1440,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width === 375 ? 812 : 900 },
    extraHTTPHeaders: headers,
    acceptDownloads: true,
  });
  const admin = await context.newPage();
  await admin.goto('/login');
  await admin.getByLabel('Email').fill(demoAccounts.admin.email);
  await admin.getByLabel('Password', { exact: true }).fill(demoAccounts.admin.password);
  await admin.getByRole('button', { name: 'Sign in' }).click();
  await expect(admin.getByRole('heading', { name: 'Admin Mailbox' })).toBeVisible();
  return admin;
}

/** The bar every admin page shares: each work area by its link's name and its page's title. */
export const adminAreas = {
  Mailbox: { path: '/admin', title: 'Admin Mailbox' },
  Identity: { path: '/admin/identity', title: 'Identity Review' },
  Payouts: { path: '/admin/payouts', title: 'Payouts' },
  Rails: { path: '/admin/rails', title: 'Payout Rails' },
  Compliance: { path: '/admin/compliance', title: 'Compliance' },
  Custody: { path: '/admin/custody', title: 'Custody' },
  'Melt lots': { path: '/admin/lots', title: 'Melt lots' },
  Refiners: { path: '/admin/refiners', title: 'Refiners' },
  Margin: { path: '/admin/margin', title: 'Margin' },
  Prices: { path: '/admin/prices', title: 'Prices' },
  Bench: { path: '/admin/bench', title: 'Bench' },
} as const;
export type AdminArea = keyof typeof adminAreas;

/**
 * Opens one of the appraiser's work areas from the admin bar. `fresh` reloads it once there: the
 * web keeps what it fetched until an admin action changes it, and a seller acting in another
 * browser is no such action (where a journey used to reload the one admin page, it does this).
 */
export async function openAdminArea(admin: Page, area: AdminArea, { fresh = false }: { fresh?: boolean } = {}) {
  const { path, title } = adminAreas[area];
  const link = admin.getByRole('navigation', { name: 'Appraiser work areas' }).getByRole('link', { name: area });
  await link.click();
  await expect(admin).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  await expect(link).toHaveAttribute('aria-current', 'page');
  if (fresh) await admin.reload();
  await expect(admin.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
}

/**
 * A payout the appraiser sent by hand is on its way until the provider's confirmation is recorded
 * (decision 034): from the payouts queue's "On its way" list, "Confirm paid" with that reference.
 * Leaves the list on "On its way".
 */
export async function confirmHandSentPayout(admin: Page, shortId: string, confirmation: string) {
  const payouts = admin.getByRole('region', { name: 'Payouts to send' });
  await payouts.getByLabel('Show payouts').selectOption({ label: 'On its way' });
  const payout = payouts.getByRole('list', { name: 'Payouts: On its way' }).getByRole('listitem').filter({ hasText: shortId });
  await expect(payout).toContainText(/marked paid once (PayPal|the bank) confirms it\./);
  await payout.getByRole('button', { name: /Confirm paid/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Confirm payout paid' });
  await dialog.getByLabel("Provider's confirmation").fill(confirmation);
  await dialog.getByRole('button', { name: 'Confirm paid', exact: true }).click();
  await expect(admin.getByText('Payout confirmed as paid')).toBeVisible();
  await expect(payout).toHaveCount(0);
}
