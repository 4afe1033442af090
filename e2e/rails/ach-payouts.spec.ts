// Issue 12's ACH journeys on the rails app, seller and appraiser each in a browser: a payout goes
// pending -> processing (the appraiser makes the Nacha file and downloads it; the file parses with
// the tests' own reader) -> paid when the batch is settled; another is returned by the bank (R01,
// imported from a return file built from the downloaded one), the seller gives new details and
// the same payout waits again as attempt 2, never a second payout. The ledger agrees after each.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { appraiserInBrowser, openAdminArea } from '../support/appraiser.ts';
import { expect, test } from '../support/fixtures.ts';
import { readNachaFile, returnFileFor } from '../support/nacha-bank.ts';
import { acceptOffer, expectReconciled, payoutState, sellerWithOffer, waitForPayoutState } from '../support/rails-journeys.ts';
import { snap, snapPart } from '../support/screens.ts';

test.use({ viewport: { width: 1440, height: 900 } });

/** The ACH panel of the rails work area ("ACH files"). */
const achPanel = (admin: Page) => admin.getByRole('region', { name: 'ACH files' });

/** The appraiser makes the file of every pending ACH payout, and downloads it from the new batch. */
async function makeAndDownloadFile(admin: Page, shortId: string) {
  await openAdminArea(admin, 'Rails', { fresh: true });
  const panel = achPanel(admin);
  await panel.getByRole('button', { name: 'Make ACH file' }).click();
  await admin.getByRole('dialog', { name: 'Make ACH file' }).getByRole('button', { name: 'Make file' }).click();
  const made = panel.getByRole('region', { name: /^New ACH file / });
  await expect(made).toBeVisible();
  const fileName = ((await made.getAttribute('aria-label')) ?? '').replace(/^New ACH file /, '');
  const line = made
    .getByRole('list', { name: 'In the file' })
    .getByRole('listitem')
    .filter({ hasText: `#${shortId}` });
  const traceNumber = /trace (\d{15})/.exec(await line.innerText())?.[1];
  expect(traceNumber, 'the trace number of the payout in the new file').toBeTruthy();
  const download = admin.waitForEvent('download');
  await made.getByRole('link', { name: /^Download file/ }).click();
  const text = readFileSync((await (await download).path())!, 'utf8');
  return { fileName, traceNumber: traceNumber!, text, made };
}

test('an ACH payout goes from pending to processing with the Nacha file, and is paid when the bank settles it', async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(120_000);
  const admin = await appraiserInBrowser(browser, baseURL!, extraHTTPHeaders ?? {});
  const bank = { method: 'ach' as const, accountName: 'Avery Nacha', routingNumber: '011000015', accountNumber: '000123456789' };
  const id = await sellerWithOffer(page, admin, {
    firstName: 'Avery',
    lastName: 'Nacha',
    email: `ach-paid-${Date.now()}@assay.test`,
    item: '14k gold link bracelet, ACH journey',
    offer: '312.40',
  });
  const shortId = id.slice(-8);

  // Offered ACH, the seller is promised the rail's own terms: the next bank file.
  await page.goto(`/client/submissions/${id}/payout`);
  await expect(page.getByText(/^It goes in our next bank transfer file \(every business day\)/)).toBeVisible();
  // Pending until the next bank file.
  await acceptOffer(page, id, bank);
  await page.goto(`/client/submissions/${id}`);
  await expect(payoutState(page)).toHaveText(/^Waiting to be sent by ACH \(since \w{3} \d{1,2}\)\.$/);
  await snap(page, 'rails-ach-01-seller-pending');

  // Processing: the file holds the payout, 94-character records, the amount and the totals.
  const { fileName, traceNumber, text, made } = await makeAndDownloadFile(admin, shortId);
  await expect(made).toContainText('$312.40');
  await snapPart(achPanel(admin), 'rails-ach-02-admin-file-made');
  const nacha = readNachaFile(text);
  for (const record of nacha.file.lines) expect(record).toHaveLength(94);
  expect(nacha.file.lines.length % 10).toBe(0);
  const entry = nacha.entries.find((e) => e.traceNumber === traceNumber);
  expect(entry, `entry ${traceNumber} in ${fileName}`).toMatchObject({
    amountCents: 31240,
    individualName: 'AVERY NACHA',
    rdfi: '01100001',
  });
  expect(Number(nacha.file.fileControl.totalCredit)).toBe(Number(nacha.counted.totalCredit));
  expect(nacha.file.fileControl.entryHash).toBe(nacha.counted.entryHash);

  await waitForPayoutState(page, id, /^Sent \w{3} \d{1,2} by ACH/);
  await snap(page, 'rails-ach-03-seller-sent');
  await expectReconciled(admin.request);

  // Paid: the bank confirmed the file.
  await achPanel(admin)
    .getByRole('button', { name: `Mark settled: ${fileName}` })
    .click();
  await admin.getByRole('dialog', { name: 'Mark ACH file settled' }).getByRole('button', { name: 'Mark settled' }).click();
  await expect(admin.getByText('Batch marked settled')).toBeVisible();
  await waitForPayoutState(page, id, /^Paid \w{3} \d{1,2} by ACH/);
  await snap(page, 'rails-ach-04-seller-paid');
  await expectReconciled(admin.request);
  await admin.context().close();
});

test('an ACH payout returned by the bank (R01) is retried with new details as the same payout', async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(120_000);
  const admin = await appraiserInBrowser(browser, baseURL!, extraHTTPHeaders ?? {});
  const id = await sellerWithOffer(page, admin, {
    firstName: 'Rory',
    lastName: 'Returned',
    email: `ach-returned-${Date.now()}@assay.test`,
    item: '10k gold signet ring, returned ACH journey',
    offer: '205.00',
  });
  const shortId = id.slice(-8);
  await acceptOffer(page, id, {
    method: 'ach',
    accountName: 'Rory Returned',
    routingNumber: '011000015',
    accountNumber: '000555000111',
  });
  const { text, traceNumber } = await makeAndDownloadFile(admin, shortId);
  await waitForPayoutState(page, id, /^Sent \w{3} \d{1,2} by ACH/);

  // The bank returns the entry: the appraiser imports its return file in the ACH panel.
  const sent = readNachaFile(text);
  const entry = sent.entries.find((e) => e.traceNumber === traceNumber)!;
  expect(entry.amountCents).toBe(20500);
  const returnFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'assay-e2e-return-')), 'return-r01.txt');
  writeFileSync(returnFile, returnFileFor(sent, entry, 'R01'));
  const panel = achPanel(admin);
  await panel.getByLabel('Import bank return file').setInputFiles(returnFile);
  await panel.getByRole('button', { name: 'Import', exact: true }).click();
  const imported = panel.getByRole('region', { name: 'Return file imported' });
  await expect(imported.getByText(/^Returned \(1\)/)).toBeVisible();
  await expect(imported.getByRole('listitem').filter({ hasText: `#${shortId}` })).toContainText(
    '$205.00 — R01: insufficient funds (R01)',
  );
  await snapPart(panel, 'rails-ach-05-admin-return-imported');
  await expectReconciled(admin.request);

  // The seller reads why, on the submission and the dashboard, and gives new details.
  await waitForPayoutState(
    page,
    id,
    /^Returned \w{3} \d{1,2} by your bank: insufficient funds \(R01\)\. Please give new payout details\.$/,
  );
  await snap(page, 'rails-ach-06-seller-returned');
  await page.goto('/client');
  const card = page.getByRole('listitem', { name: '10k gold signet ring, returned ACH journey' });
  await expect(card.getByText('Payout returned: give new details')).toBeVisible();
  await card.getByRole('link', { name: 'Give new payout details' }).click();
  await expect(page.getByRole('heading', { name: 'Your bank returned the payment: insufficient funds (R01).' })).toBeVisible();
  await page.getByLabel('Account holder name').fill('Rory Returned');
  await page.getByLabel('Routing number').fill('021000021');
  await page.getByLabel('Account number').fill('000777000222');
  await snap(page, 'rails-ach-07-seller-new-details');
  await page.getByRole('button', { name: 'Send new details' }).click();
  await expect(page.getByText('New payout details received')).toBeVisible();

  // Pending again: the same payout, attempt 2, and no second payout for the submission.
  await waitForPayoutState(page, id, /^Waiting to be sent by ACH/);
  const pending = await admin.request.get('/api/admin/payouts?status=pending');
  expect(pending.status()).toBe(200);
  const mine = ((await pending.json()) as { submissionId: string; attempt: number; status: string }[]).filter(
    (p) => p.submissionId === id,
  );
  expect(mine).toEqual([expect.objectContaining({ attempt: 2, status: 'pending' })]);
  const own = await page.request.get('/api/transactions');
  const ownPayouts = ((await own.json()) as { submissionId: string }[]).filter((t) => t.submissionId === id);
  expect(ownPayouts).toHaveLength(1);
  await expectReconciled(admin.request);
  await admin.context().close();
});
