// The app wired to a real SMTP server on loopback, for the tests that read the e-mails it sends.
import { afterAll, beforeAll } from 'vitest';
import { startSmtpSink } from './smtp-sink.ts';
import { createTestApp, type Engine, type TestApp } from './test-app.ts';

export const TEST_MAIL_FROM = 'Assay <no-reply@assay.test>';

/**
 * Starts the sink and the app before the describe block's tests and stops both after. Read
 * `t` and `smtp` inside the tests: they exist once beforeAll has run.
 */
export function appWithSmtpSink(engine: Engine) {
  const env = {} as { t: TestApp; smtp: Awaited<ReturnType<typeof startSmtpSink>> };
  beforeAll(async () => {
    env.smtp = await startSmtpSink();
    env.t = await createTestApp(engine, { SMTP_URL: env.smtp.url, MAIL_FROM: TEST_MAIL_FROM });
  });
  afterAll(async () => {
    await env.t.close();
    await env.smtp.close();
  });
  return env;
}
