// Every journey fails on a console error or an uncaught page error unless the test expects it.
// Every journey also comes from its own client address: the e2e server trusts the loopback as
// its proxy (TRUST_PROXY), so the per-address sign-in and sign-up limits that protect real users
// count each journey on its own instead of the whole suite as one visitor.
import { test as base, expect } from '@playwright/test';

// A visitor's GET /api/auth/user answers 401 by design (SPEC 7), and Chromium logs every 401.
export const visitor401 = /Failed to load resource: the server responded with a status of 401/;

// A seller's first label asks for the address: POST /api/shipping/labels answers 409 ADDRESS_REQUIRED.
export const firstLabelAsksForAddress409 = /Failed to load resource: the server responded with a status of 409/;

// Tests run one after another in one worker (playwright.config.ts), so a counter is unique.
let journeys = 0;

export const test = base.extend<{ expectedConsoleErrors: RegExp[]; clientAddress: string }>({
  expectedConsoleErrors: [[visitor401], { option: true }],
  // From the documentation range 198.51.100.0/24: never a real visitor's address.
  // Playwright reads a fixture's dependencies from its first parameter, so it must be a pattern.
  // eslint-disable-next-line no-empty-pattern
  clientAddress: async ({}, use) => {
    journeys += 1;
    await use(`198.51.100.${journeys % 250}`);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddress });
  },
  page: async ({ page, expectedConsoleErrors }, use) => {
    // A public page comes rendered by the server (it carries the query state element) and answers
    // clicks only once hydrated (apps/web public-layout.tsx marks it): every visit waits for that,
    // as a person would see the page respond. Pages the browser renders itself need no wait.
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<typeof page.goto>) => {
      const response = await goto(...args);
      // Locators, not waitForFunction: a string predicate is evaluated in the page, which Assay's CSP refuses.
      if ((await page.locator('#assay-query-state').count()) > 0) {
        await page
          .locator('html[data-hydrated]')
          .waitFor({ state: 'attached', timeout: 5_000 })
          // A page whose code failed to load never hydrates; the journey then sees what a person would.
          .catch(() => undefined);
      }
      return response;
    };
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const text = msg.text();
      if (!expectedConsoleErrors.some((re) => re.test(text))) errors.push(text);
    });
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    await use(page);
    expect(errors, 'console errors during the journey').toEqual([]);
  },
});

export { expect };
