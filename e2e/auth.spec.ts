import { demoAccounts } from '../apps/api/src/modules/demo/demo-accounts.ts';
import { expect, test, visitor401 } from './support/fixtures.ts';
import { snap } from './support/screens.ts';
import {
  confirmFromDemoMailbox,
  fillSignUpForm,
  readDemoMailboxFromThisMachine,
  SANDBOXED_FRAME_PROBED,
} from './support/sign-up.ts';

test.use({
  viewport: { width: 1440, height: 900 },
  // An array option is written as [value, options]; the mailbox's HTML e-mail is opened and
  // probed (sign-up.ts snapHtmlEmail).
  expectedConsoleErrors: [[visitor401, SANDBOXED_FRAME_PROBED], { scope: 'test' }],
});

test('a visitor signs up, signs out, and the demo admin signs in to the mailbox', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await snap(page, 'auth-01-landing-1440');

  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/login/);
  await snap(page, 'auth-02-sign-in-1440');

  await page.getByRole('link', { name: 'Create an account' }).click();
  const email = `e2e-${Date.now()}@assay.test`;
  await fillSignUpForm(page, { firstName: 'Jordan', lastName: 'Seller', email });
  await snap(page, 'auth-03-sign-up-1440');
  await readDemoMailboxFromThisMachine(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  // The answer is the same for a registered address, so it signs nobody in: the e-mailed link does.
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await snap(page, 'auth-03b-check-inbox-1440');
  await confirmFromDemoMailbox(page, email, 'auth-03c-demo-mailbox-1440');

  await expect(page.getByRole('heading', { name: 'Client Dashboard' })).toBeVisible();
  await expect(page.getByText('Jordan Seller')).toBeVisible();
  await expect(page.getByText('Start Your Journey')).toBeVisible();
  await snap(page, 'auth-04-client-dashboard-1440');

  // A client opening the mailbox sees that it is for appraisers only.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  await snap(page, 'auth-05-admins-only-1440');

  await page
    .getByRole('button', { name: 'Log out' })
    .or(page.getByRole('link', { name: 'Log out' }))
    .first()
    .click();
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();

  // A visitor opening /admin is sent to sign in and comes back after.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fadmin/);
  await page.getByLabel('Email').fill(demoAccounts.admin.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password-here');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await snap(page, 'auth-06-wrong-password-1440');

  await page.getByLabel('Password', { exact: true }).fill(demoAccounts.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Mailbox' })).toBeVisible();
  await expect(page.getByText('Review and appraise submissions')).toBeVisible();
  await snap(page, 'auth-07-admin-mailbox-1440');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await snap(page, 'auth-08-not-found-1440');
});
