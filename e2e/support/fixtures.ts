// Every journey fails on a console error or an uncaught page error unless the test expects it.
import { test as base, expect } from '@playwright/test';

// A visitor's GET /api/auth/user answers 401 by design (SPEC 7), and Chromium logs every 401.
const visitor401 = /Failed to load resource: the server responded with a status of 401/;

export const test = base.extend<{ expectedConsoleErrors: RegExp[] }>({
  expectedConsoleErrors: [[visitor401], { option: true }],
  page: async ({ page, expectedConsoleErrors }, use) => {
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
