// The seller's first label: the address dialog the first "Print Label" opens, filled and saved, and
// the label PDF it downloads.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export interface LabelAddress {
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
}

export async function saveAddressAndPrintLabel(page: Page, address: LabelAddress) {
  const dialog = page.getByRole('dialog', { name: 'Your shipping address' });
  await dialog.getByLabel('Full name').fill(address.name);
  await dialog.getByLabel('Street address').fill(address.street);
  await dialog.getByLabel('City').fill(address.city);
  await dialog.getByLabel('State').selectOption(address.state);
  await dialog.getByLabel('ZIP code').fill(address.zip);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save and print label' }).click();
  expect((await download).suggestedFilename()).toMatch(/^shipping-label-[A-Z0-9-]+\.pdf$/);
}
