// DECISIONS "Request More Photos": a new client has a submission with one photo, the appraiser
// asks for more (through the admin API), and the client adds two on the submission's page: the
// request is shown above the uploader, only the free slots are offered, the upload URLs are asked
// for with the submission's id, and "Save photos" attaches them. Saved at 375 px and 1440 px.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { demoAccounts } from '../apps/api/src/modules/demo/demo-accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { signUpInBrowser } from './support/sign-up.ts';
import { snap } from './support/screens.ts';

test.use({ viewport: { width: 1440, height: 900 } });

const widths = [375, 1440] as const;
const note = 'The hallmark inside the band, please.';
const description = '14k white gold band, 4 mm, engraved inside';

/** The same screen at phone and desktop width. */
async function snapBoth(page: Page, name: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.evaluate('window.scrollTo(0, 0)');
    await snap(page, `more-photos-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function makePhotos(): Promise<Record<'front' | 'hallmark' | 'side', string>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-more-photos-'));
  const colors = { front: { r: 200, g: 200, b: 205 }, hallmark: { r: 120, g: 96, b: 60 }, side: { r: 70, g: 110, b: 150 } };
  const files = {} as Record<keyof typeof colors, string>;
  for (const [name, background] of Object.entries(colors) as [keyof typeof colors, (typeof colors)['front']][]) {
    const file = path.join(dir, `band-${name}.jpg`);
    await sharp({ create: { width: 800, height: 600, channels: 3, background } })
      .jpeg({ quality: 80 })
      .toFile(file);
    files[name] = file;
  }
  return files;
}

test('after "Request More Photos" the client adds two photos to the submission', async ({
  page,
  playwright,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(90_000);
  const photos = await makePhotos();

  // A fresh client signs up in the browser.
  await signUpInBrowser(page, { firstName: 'Avery', lastName: 'Hallmark', email: `more-photos-${Date.now()}@assay.test` });

  // One photo and the submission, over the API with the client's session.
  const origin = { Origin: baseURL! };
  const target = await page.request.post('/api/objects/upload', { headers: origin, data: { purpose: 'submission' } });
  expect(target.status(), await target.text()).toBe(200);
  const { uploadURL, imageId } = (await target.json()) as { uploadURL: string; imageId: string };
  const put = await page.request.put(uploadURL, {
    headers: { ...origin, 'Content-Type': 'image/jpeg' },
    data: readFileSync(photos.front),
  });
  expect(put.ok(), await put.text()).toBe(true);
  const created = await page.request.post('/api/submissions', {
    headers: origin,
    data: { category: 'jewelry', description, estimatedWeight: 4.8, weightUnit: 'grams', images: [imageId] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // The appraiser asks for more photos (the test's one sign-in).
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { ...extraHTTPHeaders, ...origin } });
  const signIn = await admin.post('/api/identity/sign-in/email', {
    data: { email: demoAccounts.admin.email, password: demoAccounts.admin.password },
  });
  expect(signIn.ok()).toBe(true);
  const asked = await admin.post(`/api/admin/submissions/${id}/request-photos`, { data: { message: note } });
  expect(asked.status(), await asked.text()).toBe(200);
  await admin.dispose();

  // The client opens the submission: the request, one photo, three free slots.
  await page.goto(`/client/submissions/${id}`);
  await expect(page.getByRole('heading', { name: description })).toBeVisible();
  const photoList = page.getByRole('region', { name: 'Photos', exact: true });
  await expect(photoList.getByRole('img')).toHaveCount(1);
  const addPhotos = page.getByRole('region', { name: 'Add photos' });
  await expect(addPhotos).toBeVisible();
  await expect(addPhotos.getByText('You can add 3 more photos')).toBeVisible();
  const request = addPhotos.getByRole('note', { name: "Our appraiser's request" });
  await expect(request.getByText('Our appraiser asked:')).toBeVisible();
  await expect(request.getByText(note, { exact: false })).toBeVisible();
  const slots = addPhotos.getByRole('list', { name: 'Photo slots' });
  await expect(slots.getByRole('listitem')).toHaveCount(3);
  await expect(slots.getByRole('listitem', { name: 'Detail: empty' })).toBeVisible();
  await expect(slots.getByRole('listitem', { name: 'Primary: empty' })).toHaveCount(0);
  const save = addPhotos.getByRole('button', { name: 'Save photos' });
  await expect(save).toBeDisabled();
  await expect(page.getByRole('list', { name: 'Status history' }).getByText('More photos requested')).toBeVisible();
  await snapBoth(page, '01-request');

  // Two photos through the widget; each upload URL is asked for with the submission's id.
  const urlRequests: unknown[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/objects/upload') urlRequests.push(req.postDataJSON());
  });
  await addPhotos.locator('input.uppy-Dashboard-input[type="file"]').first().setInputFiles([photos.hallmark, photos.side]);
  await expect(slots.getByRole('listitem', { name: 'Detail: band-hallmark.jpg' }).getByText('Uploaded')).toBeVisible();
  await expect(slots.getByRole('listitem', { name: 'Side: band-side.jpg' }).getByText('Uploaded')).toBeVisible();
  await expect(slots.getByRole('listitem', { name: 'Back: empty' })).toBeVisible();
  expect(urlRequests).toEqual([
    { purpose: 'submission', submissionId: id },
    { purpose: 'submission', submissionId: id },
  ]);
  await expect(save).toBeEnabled();
  await snapBoth(page, '02-uploaded');

  // Save: the toast, three photos; the request is answered, so the emptied uploader folds away.
  await save.click();
  await expect(page.getByText('Upload Complete')).toBeVisible();
  await expect(page.getByText('2 image(s) uploaded successfully')).toBeVisible();
  await expect(photoList.getByRole('img')).toHaveCount(3);
  await expect(addPhotos.getByText(/You can add 1 more photo while/)).toBeVisible();
  await expect(request).toHaveCount(0);
  await expect(slots).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Status history' }).getByText('Photos added')).toBeVisible();
  await snapBoth(page, '03-saved');

  // The one free slot is still offered on demand.
  await addPhotos.getByRole('button', { name: 'Upload photos' }).click();
  await expect(slots.getByRole('listitem')).toHaveCount(1);
  await expect(slots.getByRole('listitem', { name: 'Back: empty' })).toBeVisible();
  await expect(addPhotos.getByLabel('Add Back photo')).toBeFocused();
  await expect(save).toBeDisabled();
  await addPhotos.getByRole('button', { name: 'Not now' }).click();
  await expect(slots).toHaveCount(0);

  // The dashboard's list was refetched too: the card shows the first two photos.
  await page.getByRole('main').getByRole('link', { name: 'Dashboard', exact: true }).click();
  const card = page.getByRole('listitem', { name: description });
  await expect(card.getByRole('img', { name: /Photo 2 of/ })).toBeVisible();
});
