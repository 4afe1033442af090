// Journeys in Debian's chromium against the built app, started on a fresh data folder in demo mode.
// Three apps: the demo as a visitor gets it (manual payouts, the sample carrier), where the journeys
// under e2e/ run; the "rails" app (its own data) whose payouts go out on real rails to the
// loopback fakes of support/fake-rails-server.ts, where the journeys under e2e/rails/ run; and the
// back-office app (its own data, a clock the journey moves: support/back-office-app.ts), where the
// journeys under e2e/back-office/ run.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { backOfficePort, backOfficeURL, fakeClockEnv } from './support/back-office-app.ts';
import { chromiumPath, quietChromiumArgs } from './support/chromium.ts';
import { demoAppEnv } from './support/demo-app-env.ts';
import {
  fakeControlURL,
  fakeEasyPostAccount,
  fakeEasyPostURL,
  fakePayPalAccount,
  fakePayPalURL,
  railsPorts,
  railsURL,
} from './support/rails-ports.ts';

const port = Number(process.env.E2E_PORT ?? 3107);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-'));
// Generated secrets are kept outside the data folder; a scratch folder keeps ~/.config clean.
const secretsDir = mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-secrets-'));
export const baseURL = `http://localhost:${port}`;
const ofacFixtures = ['sdn.csv', 'alt.csv', 'add.csv'].map((file) => `apps/api/test/fixtures/ofac/${file}`).join(' ');

const railsDataDir = mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-rails-'));
const railsSecretsDir = mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-rails-secrets-'));

// The back-office app (support/back-office-app.ts): its own data, and a clock the journey moves.
const backOfficeDataDir = mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-back-office-'));
const backOfficeSecretsDir = mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-back-office-secrets-'));
// Set once by the runner; its workers inherit it, so the journey writes the file the app reads.
process.env.E2E_BACK_OFFICE_CLOCK ??= path.join(mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-back-office-clock-')), 'offset');

/** What the apps share: a development build in demo mode on a fresh PGlite, behind the journeys' "proxy". */
const appEnv = (appPort: number, url: string, dataDir: string, secretsDir: string) => ({
  ...demoAppEnv(appPort, url, dataDir, secretsDir),
  // The journeys play the proxy: each sends its own X-Forwarded-For (support/fixtures.ts). A proxy
  // alone would turn the demo off (decision 022): demoAppEnv's DEMO_MODE=true keeps it on.
  TRUST_PROXY: '127.0.0.1',
});

/** The rails app's providers: PayPal Payouts and EasyPost at the fakes, and a company bank for the Nacha files. */
const railsEnv = {
  ...appEnv(railsPorts.app, railsURL, railsDataDir, railsSecretsDir),
  PAYPAL_CLIENT_ID: fakePayPalAccount.clientId,
  PAYPAL_CLIENT_SECRET: fakePayPalAccount.clientSecret,
  PAYPAL_WEBHOOK_ID: fakePayPalAccount.webhookId,
  PAYPAL_API_URL: fakePayPalURL,
  // The fake serves the webhooks' signing certificate itself.
  PAYPAL_CERT_ORIGINS: fakePayPalURL,
  ACH_COMPANY_NAME: 'ASSAY BUYERS',
  ACH_COMPANY_ID: '1234567890',
  ACH_ODFI_ROUTING: '091000019',
  ACH_ORIGIN_NAME: 'ASSAY BUYERS LLC',
  ACH_DESTINATION_NAME: 'WELLS FARGO BANK',
  // Labels are bought from the fake EasyPost, whose signed tracking webhooks come back to the app.
  CARRIER: 'easypost',
  EASYPOST_BASE_URL: fakeEasyPostURL,
  EASYPOST_API_KEY: fakeEasyPostAccount.apiKey,
  EASYPOST_WEBHOOK_SECRET: fakeEasyPostAccount.webhookSecret,
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--headless', ...quietChromiumArgs],
    },
  },
  projects: [
    { name: 'demo', testIgnore: ['rails/**', 'back-office/**'] },
    { name: 'rails', testMatch: 'rails/**/*.spec.ts', use: { baseURL: railsURL } },
    { name: 'back-office', testMatch: 'back-office/**/*.spec.ts', use: { baseURL: backOfficeURL } },
  ],
  webServer: [
    {
      // The compliance journey screens sellers against the test fixtures' made-up OFAC list, loaded
      // into the fresh data folder by the operator's command before the server opens it (the
      // embedded database takes one process at a time, and the command lets go when done).
      command: `npm run sanctions:load --silent -- ${ofacFixtures} && node apps/api/dist/server.js`,
      cwd: '..',
      url: `${baseURL}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: appEnv(port, baseURL, dataDir, secretsDir),
    },
    {
      command: 'node --import tsx e2e/support/fake-rails-server.ts',
      cwd: '..',
      url: `${fakeControlURL}/ready`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      // Where its webhooks go: the rails app, by the address it listens on.
      env: { RAILS_APP_URL: `http://127.0.0.1:${railsPorts.app}` },
    },
    {
      command: 'node apps/api/dist/server.js',
      cwd: '..',
      url: `${railsURL}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: railsEnv,
    },
    {
      command: 'node apps/api/dist/server.js',
      cwd: '..',
      url: `${backOfficeURL}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...appEnv(backOfficePort, backOfficeURL, backOfficeDataDir, backOfficeSecretsDir),
        ...fakeClockEnv(process.env.E2E_BACK_OFFICE_CLOCK!),
      },
    },
  ],
});
