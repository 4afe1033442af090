// DECISIONS "Compliance": where the rule table asks for the seller's approved ID and a signed
// statement of ownership before a received submission is paid (Florida, California, New York,
// Texas, North Carolina), journeys meet the rule here: the ID over the API (sent by the seller,
// approved by the appraiser), the statement on the payout page, as a seller signs it.
import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

async function uploadIdPhoto(seller: APIRequestContext, origin: Record<string, string>): Promise<string> {
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 110, b: 160 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const made = await seller.post('/api/objects/upload', { data: { purpose: 'kyc' }, headers: origin });
  expect(made.ok(), await made.text()).toBe(true);
  const { uploadURL } = (await made.json()) as { uploadURL: string };
  const put = await seller.put(uploadURL, { data: bytes, headers: { 'Content-Type': 'image/jpeg', ...origin } });
  expect(put.ok(), await put.text()).toBe(true);
  return ((await put.json()) as { url: string }).url;
}

/** The seller sends their ID and the appraiser approves it, both over the API. */
export async function verifiedId(seller: APIRequestContext, admin: APIRequestContext, origin: string, fullName: string) {
  const headers = { Origin: origin };
  const sent = await seller.post('/api/kyc', {
    headers,
    data: {
      fullName,
      dateOfBirth: '1985-06-15',
      idType: 'drivers_license',
      idNumber: 'D7654321',
      idIssuer: 'FL',
      idImageId: await uploadIdPhoto(seller, headers),
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const me = (await (await seller.get('/api/auth/user')).json()) as { id: string };
  const pending = (await (await admin.get('/api/admin/kyc?status=pending')).json()) as { id: string; userId: string }[];
  const record = pending.find((row) => row.userId === me.id);
  expect(record, 'the seller’s ID check is in the queue').toBeTruthy();
  const reviewed = await admin.post(`/api/admin/kyc/${record!.id}/review`, { headers, data: { approve: true } });
  expect(reviewed.ok(), await reviewed.text()).toBe(true);
}

/** On the payout page: types the account's name under the statement and signs it. */
export async function signStatementOnPayoutPage(page: Page) {
  const step = page.getByRole('region', { name: /Sign the statement of ownership$/ });
  const hint = await step.getByText(/^As on your account: /).innerText();
  await step.getByLabel('Type your full name to sign').fill(hint.replace(/^As on your account: /, ''));
  await step.getByRole('button', { name: 'Sign statement' }).click();
  await expect(page.getByRole('region', { name: 'Statement of ownership signed' })).toBeVisible();
}
