import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHHELD_FOR_ADMIN } from '../../src/modules/demo/demo-mail.routes.ts';
import { decideDemoMode, seededDemoExposure } from '../../src/modules/demo/index.ts';
import { demoAccountsExist, seedDemoIfFresh } from '../../src/modules/demo/index.ts';
import { DEFAULT_PASSWORD, signUp, uniqueAddress } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

interface Mailbox {
  messages: { to: string; subject: string; text: string; html: string | null }[];
}

async function signUpAs(t: TestApp, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/identity/sign-up/email',
    headers: { 'content-type': 'application/json' },
    remoteAddress: uniqueAddress(),
    payload: { email, password: DEFAULT_PASSWORD, name: 'New Person', firstName: 'New', lastName: 'Person' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

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
    for (const email of ['first@assay.test', 'second@assay.test']) await signUpAs(demo, email);
    const res = await demo.app.inject({ method: 'GET', url: '/api/demo/mail', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { messages } = res.json() as Mailbox;
    expect(messages.map((m) => m.to)).toEqual(['second@assay.test', 'first@assay.test']);
    expect(messages[0]!.subject).toBe('Confirm your e-mail address for Assay');
    expect(messages[0]!.text).toMatch(/http:\/\/localhost:3000\/api\/identity\/verify-email\?token=/);
    // And its HTML part as it would be sent: the link as a button.
    expect(messages[0]!.html).toMatch(
      /<a href="http:\/\/localhost:3000\/api\/identity\/verify-email\?token=[^"]+"[^>]*>Confirm my e-mail address<\/a>/,
    );
  });

  it('answers every loopback address, IPv4, IPv6 and IPv4-mapped', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const res = await demo.app.inject({ method: 'GET', url: '/api/demo/mail', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
  });

  it('is not there for a remote socket, even one whose X-Forwarded-For says it is local', async () => {
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

  it('knows a database that holds the demo accounts, which a start with the demo off refuses to serve to others', async () => {
    const facts = { production: false, demoMode: undefined, host: '0.0.0.0', embedded: true, trustProxy: undefined };
    const exposure = async () => seededDemoExposure(facts, decideDemoMode(facts), await demoAccountsExist(plain.db));
    expect(await exposure()).toBeNull();
    expect(await seedDemoIfFresh(plain.db, plain.app.ctx.identity.auth)).toBe(true);
    expect(await exposure()).toMatch(/^This data folder holds the demo/);
  });
});

describe('the demo mailbox behind a reverse proxy on the same machine (TRUST_PROXY=127.0.0.1)', () => {
  // Every request's socket peer is the proxy, 127.0.0.1: only the forwarded address tells visitors apart.
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp('pglite', { TRUST_PROXY: '127.0.0.1' }, { demo: true });
  });
  afterAll(() => proxied.close());

  it('is not there for a remote socket that claims to be local', async () => {
    const spoofed = await proxied.app.inject({
      method: 'GET',
      url: '/api/demo/mail',
      remoteAddress: '198.51.100.21',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(404);
  });

  it('behind a trusted proxy on this machine, answers by the client address the proxy forwards', async () => {
    const mailbox = (forwardedFor: string) =>
      proxied.app.inject({
        method: 'GET',
        url: '/api/demo/mail',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    // A visitor from the network: the socket is the proxy's, loopback, but the client is not.
    expect((await mailbox('203.0.113.9')).statusCode).toBe(404);
    // A visitor who claims to be local: the proxy appends the real address, the one believed.
    expect((await mailbox('127.0.0.1, 203.0.113.9')).statusCode).toBe(404);
    // A browser on this machine, through the proxy.
    expect((await mailbox('127.0.0.1')).statusCode).toBe(200);
  });

  it('never shows a message addressed to an ADMIN_EMAILS address, so its link cannot make anyone admin', async () => {
    await signUpAs(proxied, ADMIN_EMAIL.toUpperCase());
    const res = await proxied.app.inject({ method: 'GET', url: '/api/demo/mail', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    const mail = (res.json() as Mailbox).messages.find((m) => m.to === ADMIN_EMAIL);
    expect(mail?.subject).toBe('Confirm your e-mail address for Assay');
    expect(mail?.text).toBe(WITHHELD_FOR_ADMIN);
    expect(mail?.html).toBeNull();
    expect(res.body).not.toMatch(/verify-email\?token=/);
  });

  it("shows a password reset's link to the same machine only", async () => {
    const client = await signUp(proxied.app);
    const asked = await proxied.app.inject({
      method: 'POST',
      url: '/api/identity/request-password-reset',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.10' },
      remoteAddress: '127.0.0.1',
      payload: { email: client.email, redirectTo: '/reset-password' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const asVisitor = await proxied.app.inject({
      method: 'GET',
      url: '/api/demo/mail',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.10' },
    });
    expect(asVisitor.statusCode).toBe(404);
    const here = await proxied.app.inject({ method: 'GET', url: '/api/demo/mail', remoteAddress: '127.0.0.1' });
    const reset = (here.json() as Mailbox).messages.find((m) => m.to === client.email);
    expect(reset?.subject).toBe('Reset your Assay password');
    expect(reset?.text).toMatch(/reset-password\//);
  });
});
