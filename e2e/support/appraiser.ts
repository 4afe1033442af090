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
