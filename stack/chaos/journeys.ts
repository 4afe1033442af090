// What the people using the stack do under the chaos: sellers sign in, upload photos, submit,
// print labels and accept offers (by ACH or check); an appraiser receives parcels, makes offers,
// sends ACH files and checks and marks them paid. Every write the stack acknowledges (2xx) is
// written down in `Acknowledged`, to be looked for afterwards; a write that got no answer or a 5xx
// may or may not have happened, so it is not counted, as a person would retry or look again.
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Answer, StackClient } from './stack-client.ts';

export const SELLER_PASSWORD = 'stack-chaos-long-password';

export interface Acknowledged {
  photos: { imageId: string; sellerIndex: number }[];
  submissions: { id: string; imageIds: string[] }[];
  labels: { id: string; submissionId: string }[];
  receipts: string[];
  offers: { submissionId: string; amount: string }[];
  acceptances: { submissionId: string; method: 'ach' | 'check' }[];
  achFiles: { batchId: string; transactionIds: string[] }[];
  achSettled: string[];
  checks: { checkId: string; transactionId: string }[];
  checksMailed: { checkId: string; transactionId: string }[];
  signIns: number;
}

export function noneAcknowledged(): Acknowledged {
  return {
    photos: [],
    submissions: [],
    labels: [],
    receipts: [],
    offers: [],
    acceptances: [],
    achFiles: [],
    achSettled: [],
    checks: [],
    checksMailed: [],
    signIns: 0,
  };
}

export function acknowledgedCounts(a: Acknowledged): Record<string, number> {
  return {
    'sign-ins': a.signIns,
    photos: a.photos.length,
    submissions: a.submissions.length,
    labels: a.labels.length,
    receipts: a.receipts.length,
    offers: a.offers.length,
    acceptances: a.acceptances.length,
    'ACH files': a.achFiles.length,
    'ACH settlements': a.achSettled.length,
    checks: a.checks.length,
    'checks mailed': a.checksMailed.length,
  };
}

const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/** A request whose failure (no answer) is part of the chaos, not of the script. */
async function attempt<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch {
    return null;
  }
}

export interface Person {
  email: string;
  firstName: string;
  lastName: string;
}

/** Signs up and opens the confirmation link the stack e-mailed, as a new person does. */
export async function signUpAndConfirm(client: StackClient, person: Person, mailUrl: string) {
  const asked = await client.request('sign-up', 'POST', '/api/identity/sign-up/email', {
    ...person,
    name: `${person.firstName} ${person.lastName}`,
    password: SELLER_PASSWORD,
  });
  if (!ok(asked)) throw new Error(`sign-up of ${person.email}: ${asked.status} ${asked.body.toString()}`);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const mail = (await (await fetch(`${mailUrl}?to=${encodeURIComponent(person.email)}`)).json()) as {
      messages: { subject: string; text: string }[];
    };
    const confirm = mail.messages.find((m) => m.subject.startsWith('Confirm your e-mail'));
    const link = confirm && /https:\/\/\S+/.exec(confirm.text)?.[0];
    if (link) {
      const url = new URL(link);
      const opened = await client.request('confirm e-mail', 'GET', url.pathname + url.search);
      if (opened.status >= 400) throw new Error(`confirming ${person.email}: ${opened.status}`);
      const me = await client.request('who am I', 'GET', '/api/auth/user');
      if (!ok(me)) throw new Error(`${person.email} is not signed in after confirming (${me.status})`);
      return me.json<{ id: string; isAdmin: boolean }>();
    }
    await sleep(500);
  }
  throw new Error(`no confirmation e-mail reached ${person.email} within a minute`);
}

export async function signIn(client: StackClient, email: string, acks: Acknowledged): Promise<boolean> {
  const answer = await attempt(() =>
    client.request('sign-in', 'POST', '/api/identity/sign-in/email', { email, password: SELLER_PASSWORD }),
  );
  if (answer && ok(answer)) acks.signIns += 1;
  return answer !== null && ok(answer);
}

export const delawareAddress = (name: string) => ({
  name,
  line1: '1201 N Orange St',
  city: 'Wilmington',
  state: 'DE',
  postalCode: '19801',
  phone: '302-555-0142',
});

export interface Seller {
  index: number;
  email: string;
  client: StackClient;
  /** When the seller last signed in (ms): better-auth allows 5 sign-ins a minute from one address. */
  signedInAt?: number;
}

/** A seller signs out and in again now and then, never faster than the sign-in limit allows. */
export const SIGN_IN_EVERY_MS = 20_000;

/** Signs the seller in unless already in, waiting out the sign-in limit if it is reached. */
export async function ensureSignedIn(seller: Seller, acks: Acknowledged, deadlineMs = 90_000) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    const me = await attempt(() => seller.client.request('who am I', 'GET', '/api/auth/user'));
    if (me?.status === 200) return;
    seller.client.forgetCookies();
    if (await signIn(seller.client, seller.email, acks)) return;
    await sleep(5_000);
  }
  throw new Error(`${seller.email} could not sign in again within ${deadlineMs / 1000} s`);
}

/** One round of a seller: accept what was offered, then send in a new item with a photo and print its label. */
export async function sellerRound(seller: Seller, round: number, photo: Buffer, acks: Acknowledged) {
  const { client } = seller;
  if (!client.signedIn || Date.now() - (seller.signedInAt ?? 0) > SIGN_IN_EVERY_MS) {
    await attempt(() => client.request('sign-out', 'POST', '/api/identity/sign-out', {}));
    client.forgetCookies();
    if (!(await signIn(client, seller.email, acks))) return;
    seller.signedInAt = Date.now();
  }

  const list = await attempt(() => client.request('submission list', 'GET', '/api/submissions'));
  if (list && ok(list)) {
    const offered = list.json<{ id: string; status: string }[]>().filter((s) => s.status === 'offered');
    for (const submission of offered) {
      const method = (seller.index + round) % 3 === 0 ? 'check' : 'ach';
      const choice =
        method === 'ach'
          ? {
              payoutMethod: 'ach',
              payoutDetails: {
                accountName: `Chaos Seller ${seller.index}`,
                routingNumber: '011000015',
                accountNumber: '000123456789',
              },
            }
          : { payoutMethod: 'check', payoutDetails: { method: 'check' } };
      const accepted = await attempt(() =>
        client.request('accept offer', 'POST', '/api/transactions', { submissionId: submission.id, ...choice }),
      );
      if (accepted && ok(accepted)) acks.acceptances.push({ submissionId: submission.id, method });
    }
  }

  const ticket = await attempt(() => client.request('upload link', 'POST', '/api/objects/upload', { purpose: 'submission' }));
  if (!ticket || !ok(ticket)) return;
  const { uploadURL, imageId } = ticket.json<{ uploadURL: string; imageId: string }>();
  const target = new URL(uploadURL, 'https://localhost');
  const put = await attempt(() =>
    client.request('photo upload', 'PUT', target.pathname + target.search, photo, { contentType: 'image/jpeg' }),
  );
  if (!put || !ok(put)) return;
  const uploaded = put.json<{ imageId: string; url: string }>();
  acks.photos.push({ imageId: uploaded.imageId ?? imageId, sellerIndex: seller.index });

  const created = await attempt(() =>
    client.request('submission', 'POST', '/api/submissions', {
      category: 'jewelry',
      description: `Chaos round ${round}: 14k gold chain, seller ${seller.index}`,
      estimatedWeight: 8 + (round % 5),
      weightUnit: 'grams',
      images: [uploaded.url],
    }),
  );
  if (!created || !ok(created)) return;
  const submissionId = created.json<{ id: string }>().id;
  acks.submissions.push({ id: submissionId, imageIds: [uploaded.imageId ?? imageId] });

  const label = await attempt(() => client.request('shipping label', 'POST', '/api/shipping/labels', { submissionId }));
  if (!label || !ok(label)) return;
  const labelId = label.json<{ id: string }>().id;
  acks.labels.push({ id: labelId, submissionId });
  await attempt(() => client.request('label PDF', 'GET', `/api/shipping/labels/${labelId}/pdf`));
}

/** The business's calendar day, as the check register takes it. */
function businessDay(now = new Date()): string {
  return now.toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
}

/**
 * The appraiser and the authenticator app they enrolled: production asks every appraiser for one
 * before the admin routes answer, and for a fresh code before an ACH file is made (decision 026).
 */
export interface Appraiser {
  client: StackClient;
  secret: Uint8Array;
  /** When the session last proved a code (ms). */
  provedAtMs: number;
}

/** The code the appraiser's app shows now (better-auth's own TOTP library). */
function codeNow(secret: Uint8Array): Promise<string> {
  return createOTP(secret).totp();
}

/** Enrols an authenticator app for the signed-in appraiser, as the set-up page does. */
export async function enrolAuthenticator(client: StackClient): Promise<Appraiser> {
  const enabled = await client.request('enrol authenticator', 'POST', '/api/identity/two-factor/enable', {
    password: SELLER_PASSWORD,
  });
  if (!ok(enabled)) throw new Error(`enrolling the authenticator: ${enabled.status} ${enabled.body.toString()}`);
  const secretText = new URL(enabled.json<{ totpURI: string }>().totpURI).searchParams.get('secret');
  if (!secretText) throw new Error('enrolling the authenticator: no secret in the otpauth URI');
  const secret = base32.decode(secretText);
  const confirmed = await client.request('confirm authenticator', 'POST', '/api/identity/two-factor/verify-totp', {
    code: await codeNow(secret),
  });
  if (!ok(confirmed)) throw new Error(`confirming the authenticator: ${confirmed.status} ${confirmed.body.toString()}`);
  // The first code proved the second factor for the (new) session.
  return { client, secret, provedAtMs: Date.now() };
}

/** A fresh code lasts 10 minutes on the server; the appraiser proves one again a little before. */
const STEP_UP_EVERY_MS = 8 * 60_000;

async function stepUpWhenDue(appraiser: Appraiser) {
  if (Date.now() - appraiser.provedAtMs < STEP_UP_EVERY_MS) return;
  const code = await codeNow(appraiser.secret);
  const answer = await attempt(() => appraiser.client.request('step-up', 'POST', '/api/auth/step-up', { code }));
  if (answer && ok(answer)) appraiser.provedAtMs = Date.now();
}

/** One round of the appraiser: receive and offer, pay what was accepted. */
export async function appraiserRound(appraiser: Appraiser, round: number, acks: Acknowledged) {
  const admin = appraiser.client;
  for (const status of ['new', 'appraising'] as const) {
    const page = await attempt(() => admin.request('mailbox page', 'GET', `/api/admin/submissions?status=${status}&limit=10`));
    if (!page || !ok(page)) continue;
    for (const item of page.json<{ items: { id: string; status: string }[] }>().items) {
      if (item.status === 'new') {
        const received = await attempt(() =>
          admin.request('receive parcel', 'POST', `/api/admin/submissions/${item.id}/receive`, {}),
        );
        if (!received || !ok(received)) continue;
        acks.receipts.push(item.id);
      }
      const amount = `${100 + (round % 50)}.${String(round % 100).padStart(2, '0')}`;
      const offered = await attempt(() =>
        admin.request('make offer', 'PUT', `/api/submissions/${item.id}`, {
          finalOffer: amount,
          actualWeight: 7.5,
          status: 'offered',
        }),
      );
      if (offered && ok(offered)) acks.offers.push({ submissionId: item.id, amount });
    }
  }

  if (round % 3 === 0) {
    await stepUpWhenDue(appraiser);
    const made = await attempt(() => admin.request('make ACH file', 'POST', '/api/admin/payouts/ach-batches', {}));
    if (made && ok(made)) {
      const batch = made.json<{ id: string; entries: { transactionId: string }[] }>();
      acks.achFiles.push({ batchId: batch.id, transactionIds: batch.entries.map((e) => e.transactionId) });
    }
    const batches = await attempt(() => admin.request('ACH files', 'GET', '/api/admin/payouts/ach-batches'));
    if (batches && ok(batches)) {
      for (const batch of batches.json<{ id: string; waitingCount: number }[]>().filter((b) => b.waitingCount > 0)) {
        const settled = await attempt(() =>
          admin.request('settle ACH file', 'POST', `/api/admin/payouts/ach-batches/${batch.id}/settled`, {}),
        );
        if (settled && ok(settled)) acks.achSettled.push(batch.id);
      }
    }
  }

  const pending = await attempt(() => admin.request('payouts queue', 'GET', '/api/admin/payouts?status=pending&limit=20'));
  if (pending && ok(pending)) {
    for (const payout of pending.json<{ id: string; payoutMethod: string }[]>().filter((p) => p.payoutMethod === 'check')) {
      // Printing and mailing a check send money: they ask for a fresh code too (decision 026).
      await stepUpWhenDue(appraiser);
      const registered = await attempt(() =>
        admin.request('register check', 'POST', '/api/admin/payouts/checks', { transactionId: payout.id }),
      );
      if (!registered || !ok(registered)) continue;
      const check = registered.json<{ id: string }>();
      acks.checks.push({ checkId: check.id, transactionId: payout.id });
      const mailed = await attempt(() =>
        admin.request('check mailed', 'POST', `/api/admin/payouts/checks/${check.id}/mailed`, { mailedOn: businessDay() }),
      );
      if (mailed && ok(mailed)) acks.checksMailed.push({ checkId: check.id, transactionId: payout.id });
    }
  }
  await attempt(() => admin.request('mailbox counts', 'GET', '/api/admin/submissions/counts'));
}
