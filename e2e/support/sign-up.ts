// New accounts are confirmed by the link e-mailed to them; the e2e server is a demo without SMTP,
// so the link is read where a newcomer would read it: the demo mailbox. That mailbox answers the
// same machine only, judged by the client address after proxy trust, while each journey plays a
// visitor from elsewhere (fixtures.ts): the mailbox alone is read from this machine.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** What the e2e server's "proxy" (TRUST_PROXY=127.0.0.1) forwards for a browser on this machine. */
const FROM_THIS_MACHINE = { 'X-Forwarded-For': '127.0.0.1' };

/**
 * The page's reads of the demo mailbox (the "open the demo mailbox" hint, the mailbox page) are made
 * from this machine, as the newcomer sitting at it would make them; every other request of the page
 * keeps the journey's own address. Call before the sign-up is sent: the hint asks at once.
 */
export async function readDemoMailboxFromThisMachine(page: Page) {
  await page.route('**/api/demo/mail', async (route) => {
    await route.fulfill({ response: await page.request.get(route.request().url(), { headers: FROM_THIS_MACHINE }) });
  });
}
import { snap, snapPart } from './screens.ts';

export const NEW_CLIENT_PASSWORD = 'a-long-enough-password';

export interface NewPerson {
  firstName: string;
  lastName: string;
  email: string;
}

/** Fills the sign-up page as a person would (the page must already show it). */
export async function fillSignUpForm(page: Page, person: NewPerson) {
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_CLIENT_PASSWORD);
}

/** From "Check your inbox" to the demo mailbox, then the confirmation link: signed in on the dashboard. */
export async function confirmFromDemoMailbox(page: Page, email: string, screenshot?: string) {
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await page.getByRole('link', { name: 'open the demo mailbox' }).click();
  await expect(page.getByRole('heading', { name: 'Demo mailbox' })).toBeVisible();
  if (screenshot) await snap(page, screenshot);
  const mail = page
    .getByRole('listitem')
    .filter({ hasText: `To ${email}` })
    .filter({ hasText: 'Confirm your e-mail address' });
  if (screenshot) await snapHtmlEmail(page, mail.first(), screenshot);
  await mail.first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Client Dashboard' })).toBeVisible();
}

/**
 * The e-mail's HTML part, opened in the mailbox: its button is the confirmation link, at 375 and
 * 1440 px. Playwright's own scripts, refused by the frame's sandbox, log "Blocked script execution"
 * (microsoft/playwright#33343): a journey calling this expects that console error.
 */
export const SANDBOXED_FRAME_PROBED = /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/;

async function snapHtmlEmail(page: Page, mail: Locator, screenshot: string) {
  await mail.getByText('Show as HTML e-mail').click();
  const button = mail.frameLocator('iframe').getByRole('link', { name: 'Confirm my e-mail address' });
  await expect(button).toBeVisible();
  expect(await button.getAttribute('href')).toBe(await mail.getByRole('link').first().getAttribute('href'));
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  const name = screenshot.replace(/-1440$/, '');
  await snapPart(mail, `${name}-html-1440`);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(button).toBeVisible();
  await snapPart(mail, `${name}-html-375`);
  await page.setViewportSize(size);
  await mail.getByText('Show as HTML e-mail').click();
}

/** The whole browser sign-up of a new client, ending signed in on the dashboard. */
export async function signUpInBrowser(page: Page, person: NewPerson) {
  await page.goto('/signup');
  await fillSignUpForm(page, person);
  await readDemoMailboxFromThisMachine(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await confirmFromDemoMailbox(page, person.email);
}

/** The same over the API, for journeys whose client acts by requests: `client` ends signed in. */
export async function signUpOverApi(client: APIRequestContext, person: NewPerson) {
  const asked = await client.post('/api/identity/sign-up/email', {
    data: { ...person, password: NEW_CLIENT_PASSWORD, name: `${person.firstName} ${person.lastName}` },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const mailbox = (await (await client.get('/api/demo/mail', { headers: FROM_THIS_MACHINE })).json()) as {
    messages: { to: string; subject: string; text: string }[];
  };
  const mail = mailbox.messages.find((m) => m.to === person.email.toLowerCase() && m.subject.startsWith('Confirm your e-mail'));
  const link = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
  expect(link, `a confirmation e-mail to ${person.email}`).toBeTruthy();
  const url = new URL(link!);
  const confirmed = await client.get(url.pathname + url.search);
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  expect((await client.get('/api/auth/user')).ok()).toBe(true);
}
