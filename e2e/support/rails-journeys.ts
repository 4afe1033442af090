// What the rails journeys share: a seller with an offer to accept (the appraiser makes it in the
// mailbox), accepting it with a payout method, waiting for the payout's state on the seller's
// page, the ledger's reconciliation, and the fakes' control API (support/fake-rails-server.ts).
import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import { openAdminArea } from './appraiser.ts';
import { expect } from './fixtures.ts';
import { fakeControlURL } from './rails-ports.ts';
import { signUpInBrowser } from './sign-up.ts';

export type PayoutChoice =
  { method: 'ach'; accountName: string; routingNumber: string; accountNumber: string } | { method: 'paypal'; email: string };

/** A seller's shipping address as PUT /api/users/me/address takes it. */
export interface SellerAddress {
  name: string;
  line1: string;
  city: string;
  state: string;
  postalCode: string;
  phone: string;
}

/**
 * One photo of the item, uploaded as the form uploads it (a one-time URL, then one PUT): a purchase
 * is refused while its item has none for the police report line (issue 28 item 6).
 */
async function itemPhoto(page: Page): Promise<string> {
  const headers = { Origin: new URL(page.url()).origin };
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 205, g: 160, b: 60 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const made = await page.request.post('/api/objects/upload', { data: { purpose: 'submission' }, headers });
  expect(made.ok(), await made.text()).toBe(true);
  const { uploadURL } = (await made.json()) as { uploadURL: string };
  const put = await page.request.put(uploadURL, { data: bytes, headers: { 'Content-Type': 'image/jpeg', ...headers } });
  expect(put.ok(), await put.text()).toBe(true);
  return ((await put.json()) as { url: string }).url;
}

/**
 * A new seller, signed up in the browser, with one item and its photo submitted (over the API: the
 * submission form has journeys of its own) and an offer the appraiser made for it in the mailbox. Its
 * address is saved before the parcel is received: the compliance rule is picked from it at receipt,
 * and a purchase needing no ID records it on its police report line (issue 28 item 6). Without one
 * given, Vermont: a state with no rule of its own, as a seller without an address was treated.
 */
export async function sellerWithOffer(
  page: Page,
  admin: Page,
  seller: { firstName: string; lastName: string; email: string; item: string; offer: string; address?: SellerAddress },
): Promise<string> {
  await signUpInBrowser(page, seller);
  const address = seller.address ?? {
    name: `${seller.firstName} ${seller.lastName}`,
    line1: '12 Orchard Lane',
    city: 'Burlington',
    state: 'VT',
    postalCode: '05401',
    phone: '(802) 555-0142',
  };
  const saved = await page.request.put('/api/users/me/address', {
    headers: { Origin: new URL(page.url()).origin },
    data: address,
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const created = await page.request.post('/api/submissions', {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      category: 'jewelry',
      description: seller.item,
      estimatedWeight: 12,
      weightUnit: 'grams',
      images: [await itemPhoto(page)],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await openAdminArea(admin, 'Mailbox', { fresh: true });
  const card = admin.locator(`article[data-submission-id="${id}"]`);
  await card.getByRole('button', { name: 'Mark Received' }).click();
  await admin.getByRole('dialog', { name: 'Mark parcel received' }).getByRole('button', { name: 'Mark Received' }).click();
  await expect(card.getByText('Appraising', { exact: true })).toBeVisible();
  await card.getByLabel('Final Offer ($)').fill(seller.offer);
  await card.getByLabel('Actual Weight').fill('11.8');
  await card.getByRole('button', { name: 'Submit Offer' }).click();
  await card.getByRole('button', { name: /^Send \$[\d,]+\.\d{2} offer$/ }).click();
  await expect(card.getByText('Offer Ready', { exact: true })).toBeVisible();
  return id;
}

/** The seller accepts the offer and chooses how to be paid, on the payout page. */
export async function acceptOffer(page: Page, submissionId: string, choice: PayoutChoice) {
  await page.goto(`/client/submissions/${submissionId}/payout`);
  await expect(page.getByRole('heading', { name: /choose how to get paid$/ })).toBeVisible();
  if (choice.method === 'ach') {
    await page.getByLabel('Account holder name').fill(choice.accountName);
    await page.getByLabel('Routing number').fill(choice.routingNumber);
    await page.getByLabel('Account number').fill(choice.accountNumber);
  } else {
    await page.getByRole('radio', { name: /PayPal/ }).check();
    await page.getByLabel('PayPal email').fill(choice.email);
  }
  await page.getByRole('button', { name: 'Confirm & Process Payout' }).click();
  await expect(page.getByRole('heading', { name: 'Offer Accepted!' })).toBeVisible();
}

/** The payout's state line on the seller's submission page. */
export function payoutState(page: Page) {
  return page.getByTestId('payout-state');
}

/**
 * Reloads the seller's submission until its payout reads `state`: the app moves payouts in jobs
 * (the PayPal hand-over, the webhook inbox) that it polls for every couple of seconds.
 */
export async function waitForPayoutState(page: Page, submissionId: string, state: RegExp, timeout = 30_000) {
  await page.goto(`/client/submissions/${submissionId}`);
  await expect(async () => {
    await page.reload();
    await expect(payoutState(page)).toHaveText(state, { timeout: 5_000 });
  }).toPass({ timeout, intervals: [500, 1_000, 2_000] });
}

/** DECISIONS: after every journey, no payout's rail state and ledger disagree. */
export async function expectReconciled(admin: APIRequestContext) {
  const answer = await admin.get('/api/admin/ledger/reconciliation');
  expect(answer.status(), await answer.text()).toBe(200);
  expect(await answer.json()).toEqual([]);
}

async function control<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  const answer = await fetch(`${fakeControlURL}${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path} on the fakes answered ${answer.status}: ${text}`);
  return JSON.parse(text) as T;
}

export interface FakePayPalItem {
  payoutItemId: string;
  senderItemId: string;
  receiver: string;
  transactionStatus: string;
  amount: { value: string; currency: string };
}

/** PayPal's side of the journeys: the receiver's fate, settling, and its signed webhooks. */
export const fakePayPal = {
  outcome: (receiver: string, status: 'SUCCESS' | 'UNCLAIMED' | 'FAILED' | 'RETURNED' | 'BLOCKED') =>
    control('POST', '/paypal/outcome', { receiver, status }),
  settle: () => control('POST', '/paypal/settle'),
  /** Each settled item of the receiver's, delivered to the app as PayPal would: signed, POSTed. */
  deliver: (receiver: string) =>
    control<{ deliveries: { payoutItemId: string; eventType: string; status: number; body: string }[] }>(
      'POST',
      '/paypal/deliver',
      {
        receiver,
      },
    ),
  items: async (receiver: string) =>
    (await control<{ items: FakePayPalItem[] }>('GET', `/paypal/items?receiver=${encodeURIComponent(receiver)}`)).items,
};

/** The fake EasyPost, as the carrier acts on its own: a scan of a parcel, sent to the app as a signed webhook. */
export const fakeCarrier = {
  async scan(trackingCode: string, status: string, where: { message: string; city?: string; state?: string }) {
    const answer = await control<{ status: number }>('POST', '/easypost/track', { trackingCode, status, ...where });
    // The app stores the delivery and answers 200; a job applies it.
    expect(answer.status).toBe(200);
  },
};
