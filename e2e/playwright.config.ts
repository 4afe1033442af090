// Journeys in Debian's chromium against the built app, started on a fresh data folder in demo mode.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3107);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-'));
// Generated secrets are kept outside the data folder; a scratch folder keeps ~/.config clean.
const secretsDir = mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-secrets-'));
export const baseURL = `http://localhost:${port}`;

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
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node apps/api/dist/server.js',
    cwd: '..',
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SECRETS_DIR: secretsDir,
      DATABASE_URL: '',
      DEMO_MODE: 'true',
      PUBLIC_URL: baseURL,
      // The journeys play the proxy: each sends its own X-Forwarded-For (support/fixtures.ts).
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
  },
});
