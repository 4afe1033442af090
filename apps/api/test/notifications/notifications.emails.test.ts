// Every e-mail as a person receives it, read back from a real SMTP server and parsed as a mail
// client does: a plain-text and an HTML part, both ending with the business identity, and a link
// to the submission the e-mail is about that opens it for its owner (issue 11, item 10). The HTML
// names the business at the top, and an offer's shows the amount, until when, and a button to
// the submission (issue 27, item 10).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionPagePath } from '@assay/domain';
import { users } from '../../src/db/schema/index.ts';
import { notificationContent } from '../../src/modules/notifications/index.ts';
import { notify, notifyAdmins } from '../../src/modules/notifications/index.ts';
import { readMail } from '../support/mime.ts';
import { flushOutbox } from '../support/outbox.ts';
import { signUp } from '../support/sessions.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { ADMIN_EMAIL, createTestApp, engines, TEST_ORIGIN, type TestApp } from '../support/test-app.ts';

const IDENTITY = {
  BUSINESS_LEGAL_NAME: 'Gold & Silver <Buyers> LLC',
  BUSINESS_ADDRESS: 'Gold & Silver Buyers LLC, 1 Market Street, Suite 5, Wilmington, DE 19801',
  INSURER_NAME: 'Harbor Mutual Insurance',
};
const LEGAL_NAME_HTML = 'Gold &amp; Silver &lt;Buyers&gt; LLC';
const STREET = '1 Market Street, Suite 5, Wilmington, DE 19801';

describe.each(engines)('e-mails a seller can act on, on %s', (engine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let seller: { id: string; email: string; cookie: string };
  let other: { id: string; email: string; cookie: string };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(engine, { SMTP_URL: smtp.url, MAIL_FROM: 'Assay <no-reply@assay.test>', ...IDENTITY });
    seller = await signUp(t.app, { firstName: 'Grace' });
    other = await signUp(t.app);
    await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Avery' });
    await flushOutbox(t);
    smtp.received.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Sends what the outbox holds and returns the newest e-mail to `to`, read as its reader would. */
  async function lastMailTo(to: string) {
    await flushOutbox(t);
    const mail = smtp.received.filter((m) => m.to.includes(to.toLowerCase())).at(-1);
    if (!mail) throw new Error(`no e-mail to ${to}`);
    return readMail(mail);
  }

  function expectIdentityAtTheEnd(mail: { text: string | null; html: string | null }) {
    expect(mail.text?.trimEnd().endsWith(`--\n${IDENTITY.BUSINESS_LEGAL_NAME}\n${STREET}`)).toBe(true);
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.html).toContain('<html lang="en">');
    // The last cell of the message: the legal name and street address.
    const footer =
      /<td[^>]*>((?:(?!<td)[\s\S])*)<\/td><\/tr>\s*<\/table>\s*<\/td><\/tr>\s*<\/table>\s*<\/body>\s*<\/html>\s*$/.exec(
        mail.html ?? '',
      )?.[1];
    expect(footer).toContain(LEGAL_NAME_HTML);
    expect(footer).toContain(STREET);
    // The business's name heads the message too.
    expect(mail.html?.indexOf(`>${LEGAL_NAME_HTML}</td>`)).toBeLessThan(mail.html?.indexOf('<h1') ?? -1);
    // Escaped everywhere: the raw legal name never reaches the HTML.
    expect(mail.html).not.toContain('<Buyers>');
  }

  /** The HTML's links as a person sees them: where each goes, and its words. */
  const linksOf = (html: string | null) =>
    [...(html ?? '').matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, label]) => ({
      href: href!.replace(/&amp;/g, '&'),
      label: label!,
    }));

  it('creating a submission sends "We received your submission" with the next steps and a link that opens it for its owner', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      headers: { cookie: seller.cookie },
      payload: { category: 'scrap', description: 'A bag of broken chains', estimatedWeight: 12, weightUnit: 'grams', images: [] },
    });
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { id: string }).id;
    const short = id.slice(-8);

    const mail = await lastMailTo(seller.email);
    expect(mail.subject).toBe(`We received your submission #${short}`);
    expect(mail.text).toContain('Hello Grace,');
    expect(mail.text).toContain(
      'What happens next?\n' +
        '1. Within 24 hours we send you a preliminary quote.\n' +
        '2. We e-mail you a prepaid, insured shipping label; you can also print it from your dashboard.\n' +
        '3. Once your parcel arrives, our full appraisal takes at most 48 hours.',
    );
    const link = `${TEST_ORIGIN}/client/submissions/${id}`;
    expect(mail.text).toContain(`See submission #${short}: ${link}`);
    expect(mail.html).toContain('What happens next?<br>');
    expect(mail.html).toContain(`<a href="${link}"`);
    expectIdentityAtTheEnd(mail);

    // The link is the web app's submission page; signed in as the owner, the page's API answers.
    const url = new URL(/https?:\/\/\S+/.exec(mail.text ?? '')![0]);
    expect(url.origin).toBe(TEST_ORIGIN);
    expect(url.pathname).toBe(submissionPagePath(id));
    const submissionId = decodeURIComponent(url.pathname.split('/').at(-1)!);
    const asOwner = await t.app.inject({ url: `/api/submissions/${submissionId}`, headers: { cookie: seller.cookie } });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json()).toMatchObject({ id, userId: seller.id });
    // Anyone else (or nobody) is told nothing about it.
    expect((await t.app.inject({ url: `/api/submissions/${submissionId}`, headers: { cookie: other.cookie } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: `/api/submissions/${submissionId}` })).statusCode).toBe(401);
  });

  it('every notification e-mail has both parts, the identity and its link; text a person typed is escaped and never a link', async () => {
    const submissionId = crypto.randomUUID();
    await notify(t.db, {
      userId: seller.id,
      submissionId,
      email: true,
      ...notificationContent.photosRequested({ submissionId, note: '<b>the clasp</b> & https://evil.example/x' }),
    });
    const mail = await lastMailTo(seller.email);
    expect(mail.subject).toBe('Could you send a few more photos?');
    expect(mail.text).toContain('A note from our appraiser: <b>the clasp</b> & https://evil.example/x.');
    expect(mail.html).toContain('&lt;b&gt;the clasp&lt;/b&gt; &amp; https://evil.example/x.');
    expect(mail.html).not.toContain('href="https://evil.example');
    expect(mail.text).toContain(`${TEST_ORIGIN}/client/submissions/${submissionId}`);
    expect(mail.html).toContain(`<a href="${TEST_ORIGIN}/client/submissions/${submissionId}"`);
    expectIdentityAtTheEnd(mail);
  });

  it("an offer e-mail shows the offer, until when it is valid, and a button to the submission; its text is SPEC's", async () => {
    const submissionId = crypto.randomUUID();
    const short = submissionId.slice(-8);
    await notify(t.db, {
      userId: seller.id,
      submissionId,
      email: true,
      ...notificationContent.offerReady({ submissionId, offerCents: 125_050, validUntilText: 'March 17, 2027 at 12:00 UTC' }),
    });
    const mail = await lastMailTo(seller.email);
    const link = `${TEST_ORIGIN}/client/submissions/${submissionId}`;
    expect(mail.subject).toBe('Your offer is ready: $1,250.50');
    // The plain part is the words as before, word for word.
    expect(mail.text).toContain(
      `Hello Grace,\n\nOur appraisers have finished with submission #${short} and offer you $1,250.50. ` +
        'Open your dashboard to accept the offer and choose how you want to be paid, or to decline it.\n\n' +
        `Sign in to Assay to see the offer.\n\nSee submission #${short}: ${link}\n\n`,
    );
    expect(mail.text).not.toContain('Valid until');
    // The HTML: the title as heading, the figures, then the same words, the button above the link.
    expect(mail.html).toContain('>Your offer is ready: $1,250.50</h1>');
    expect(mail.html).toMatch(/>Our offer<\/td><td[^>]*>\$1,250\.50<\/td>/);
    expect(mail.html).toMatch(/>Valid until<\/td><td[^>]*>March 17, 2027 at 12:00 UTC<\/td>/);
    expect(mail.html).toContain(`Our appraisers have finished with submission #${short} and offer you $1,250.50.`);
    expect(linksOf(mail.html)).toEqual([
      { href: link, label: 'See your offer' },
      { href: link, label: link },
    ]);
    expect(mail.html).not.toMatch(/<style|<link|<img|<script|src=/i);
    expectIdentityAtTheEnd(mail);
  });

  it("a seller's own words cannot add markup to the HTML", async () => {
    const submissionId = crypto.randomUUID();
    await t.db.update(users).set({ firstName: '<a href="https://evil.example">Win</a>' }).where(eq(users.id, other.id));
    await notify(t.db, {
      userId: other.id,
      submissionId,
      email: true,
      ...notificationContent.photosRequested({ submissionId, note: '"><script>alert(1)</script>' }),
    });
    const mail = await lastMailTo(other.email);
    expect(mail.text).toContain('Hello <a href="https://evil.example">Win</a>,');
    expect(mail.html).toContain('Hello &lt;a href=&quot;https://evil.example&quot;&gt;Win&lt;/a&gt;,');
    expect(mail.html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toMatch(/<script|evil\.example"/);
    expect(linksOf(mail.html).map((l) => l.href)).toEqual([
      `${TEST_ORIGIN}/client/submissions/${submissionId}`,
      `${TEST_ORIGIN}/client/submissions/${submissionId}`,
    ]);
    expect(linksOf(mail.html)[0]!.label).toBe('Add photos');
  });

  it("appraisers' e-mails carry the identity but no link to a client's page", async () => {
    const submissionId = crypto.randomUUID();
    await notifyAdmins(t.db, {
      submissionId,
      email: true,
      ...notificationContent.consignmentRequested({ submissionId, customerLabel: 'Customer #abcd' }),
    });
    const mail = await lastMailTo(ADMIN_EMAIL);
    expect(mail.text).not.toContain('/client/submissions/');
    expect(mail.text).not.toContain('[[');
    expectIdentityAtTheEnd(mail);
  });

  it('account e-mails get the HTML part and the identity too, with their link clickable', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/request-password-reset',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email: seller.email, redirectTo: '/reset-password' },
    });
    expect(res.statusCode).toBe(200);
    const mail = await lastMailTo(seller.email);
    expect(mail.subject).toBe('Reset your Assay password');
    const link = /https?:\/\/\S+/.exec(mail.text ?? '')![0];
    expect(link.startsWith(`${TEST_ORIGIN}/`)).toBe(true);
    expect(mail.html).toContain('>Reset your password</h1>');
    expect(linksOf(mail.html)).toEqual([
      { href: link, label: 'Choose a new password' },
      { href: link, label: link.replace(/&/g, '&amp;') },
    ]);
    expectIdentityAtTheEnd(mail);
  });
});
