import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

export const screenshotDir = path.resolve(import.meta.dirname, '..', 'screenshots');

/** Saves a full-page PNG under e2e/screenshots for a person to look at. */
export async function snap(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Saves one part of a page (a panel on a long page) under e2e/screenshots. */
export async function snapPart(part: Locator, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await part.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}
