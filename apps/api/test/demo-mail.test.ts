import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, uniqueAddress } from './support/sessions.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('the demo mailbox', () => {
  let demo: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    demo = await createTestApp('pglite', {}, { demo: true });
    plain = await createTestApp('pglite');
  });
  afterAll(async () => {
    await demo.close();
    await plain.close();
  });

  it('shows a browser on the same machine the confirmation e-mail of a new account, newest first', async () => {
    for (const email of ['first@assay.test', 'second@assay.test']) {
      const res = await demo.app.inject({
        method: 'POST',
        url: '/api/identity/sign-up/email',
        headers: { 'content-type': 'application/json' },
        remoteAddress: uniqueAddress(),
        payload: { email, password: DEFAULT_PASSWORD, name: 'New Person', firstName: 'New', lastName: 'Person' },
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await demo.app.inject({ method: 'GET', url: '/api/demo/mail', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { messages } = res.json() as { messages: { to: string; subject: string; text: string }[] };
    expect(messages.map((m) => m.to)).toEqual(['second@assay.test', 'first@assay.test']);
    expect(messages[0]!.subject).toBe('Confirm your e-mail address for Assay');
    expect(messages[0]!.text).toMatch(/http:\/\/localhost:3000\/api\/identity\/verify-email\?token=/);
  });

  it('is not there for anyone else, even behind a proxy that says the visitor is local', async () => {
    const far = await demo.app.inject({ method: 'GET', url: '/api/demo/mail', remoteAddress: '198.51.100.20' });
    expect(far.statusCode).toBe(404);
    const spoofed = await demo.app.inject({
      method: 'GET',
      url: '/api/demo/mail',
      remoteAddress: '198.51.100.21',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(404);
  });

  it('does not exist outside demo mode', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/demo/mail', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(404);
  });
});
