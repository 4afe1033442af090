// The visitor's landing page (issue 3): every element of SPEC 2, the live prices from the real
// server in demo mode (simulated feed), and the quote calculator checked figure by figure against
// the shared rules of @assay/domain for several item types, every unit and every condition.
import type { Page, Response } from '@playwright/test';
import {
  calculateQuote,
  conditionBands,
  conditionLabels,
  conditions,
  findPricingRow,
  itemTypeLabels,
  itemTypes,
  weightMessages,
  weightUnits,
  type Condition,
  type ItemType,
  type PricingRow,
  type WeightUnit,
} from '@assay/domain';
import { expect, test } from './support/fixtures.ts';
import { screenshotDir, snap, snapPart } from './support/screens.ts';

/** '$12,345' -> 12345 (the calculator shows whole dollars). */
function dollars(text: string | null): number {
  const digits = (text ?? '').replace(/[$,\s]/g, '');
  expect(digits, `a whole-dollar figure, got "${text}"`).toMatch(/^\d+$/);
  return Number(digits);
}

/**
 * Every /api/pricing answer the page itself received, newest last. The page refetches on its own
 * 60-second clock and the server refreshes on its own, so a fresh GET from the test can be newer
 * than the rows the page computed with; the comparison uses the rows the page actually had.
 */
/** The prices in the query cache the server sent beside the page's HTML (plugins/web.ts). */
async function serverRenderedPricing(page: Page): Promise<PricingRow[] | undefined> {
  const text = await page.locator('#assay-query-state').textContent();
  const state = JSON.parse(text ?? '{}') as { queries?: { queryKey: unknown[]; state: { data?: unknown } }[] };
  return state.queries?.find((query) => query.queryKey[0] === '/api/pricing')?.state.data as PricingRow[] | undefined;
}

/**
 * From now on '/' comes as the plain app that renders itself in the browser and fetches its prices
 * (what a browser gets when the server could not render the page, and what a link from another
 * page renders), so that the states of a slow, empty or stale price list can be seen.
 */
async function renderLandingInBrowser(page: Page) {
  await page.route(
    (url) => url.pathname === '/',
    async (route) => route.fulfill({ response: await route.fetch({ url: new URL('/index.html', route.request().url()).href }) }),
  );
}

function recordPricing(page: Page) {
  let latest: Promise<PricingRow[] | undefined> = Promise.resolve(undefined);
  let count = 0;
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/api/pricing' || response.request().method() !== 'GET') return;
    count += 1;
    // A 304 (the server sends an ETag) means the rows the page already has.
    if (response.status() !== 200) return;
    const previous = latest;
    latest = (response.json() as Promise<PricingRow[]>).catch(() => previous);
  });
  return {
    // Until the page asks again, it holds the prices the server rendered it with.
    latest: () => (count === 0 ? serverRenderedPricing(page) : latest),
    /** Changes whenever the page asks for prices again. */
    generation: () => count,
  };
}

/**
 * Each metal's 24-hour chart has settled: drawn by uPlot (a canvas), or, on a server that has
 * just started and holds a single price, the 'Collecting price history...' note. The charts are
 * drawn once they come near the screen, so the section is scrolled to first.
 */
async function chartsSettled(page: Page) {
  await page.getByRole('heading', { name: 'Last 24 hours' }).scrollIntoViewIfNeeded();
  const cards = page.getByTestId('price-history');
  await expect(cards).toHaveCount(4);
  for (const card of await cards.all()) {
    await expect(card.locator('canvas').or(card.getByText('Collecting price history...'))).toBeVisible();
  }
  // Back to the top, where a full-page screenshot has the sticky header.
  await page.evaluate('window.scrollTo(0, 0)');
}

type Shown = { min: number; max: number; base: number; band: string | undefined };

/** Fills in the calculator (only what changed) and presses Calculate; answers the figures shown. */
async function calculate(page: Page, itemType: ItemType, weight: string, unit: WeightUnit, condition: Condition): Promise<Shown> {
  const calculator = page.locator('#calculator');
  const typeSelect = calculator.getByLabel('Item type');
  const unitSelect = calculator.getByLabel('Unit');
  const weightInput = calculator.getByLabel('Weight');
  if ((await typeSelect.inputValue()) !== itemType) await typeSelect.selectOption(itemType);
  if ((await unitSelect.inputValue()) !== unit) await unitSelect.selectOption(unit);
  if ((await weightInput.inputValue()) !== weight) await weightInput.fill(weight);
  await calculator.getByRole('radio', { name: new RegExp(`^${condition}`, 'i') }).check();
  await calculator.getByRole('button', { name: 'Calculate' }).click();
  const result = calculator.getByTestId('quote-result');
  // The result names what it was computed for, so an earlier result is never read by mistake.
  await expect(result).toContainText(`${conditionLabels[condition]} condition`);
  await expect(result).toContainText(new RegExp(`${weight.replace('.', '\\.')} \\S+ of ${itemTypeLabels[itemType]} at `));
  const [min, max, base, band] = await Promise.all(
    ['quote-min', 'quote-max', 'quote-base', 'quote-band'].map((id) => result.getByTestId(id).textContent()),
  );
  return { min: dollars(min ?? null), max: dollars(max ?? null), base: dollars(base ?? null), band: band?.trim() };
}

test('a visitor sees every part of the landing page, on a desktop and on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('for cash');
  for (const badge of ['SSL Secure', 'Insured Shipping', 'Expert Appraisers', '48-Hour Guarantee']) {
    await expect(page.getByRole('list', { name: 'Why sellers trust Assay' }).getByText(badge, { exact: true })).toBeVisible();
  }
  const benefits = page.getByRole('region', { name: 'Why sell with Assay' });
  await expect(benefits.getByRole('heading', { level: 3 })).toHaveCount(3);

  for (const [id, heading] of [
    ['pricing', 'Live Market Prices'],
    ['calculator', 'Get Quote'],
    ['learn', 'How It Works'],
    ['support', 'Support'],
  ] as const) {
    await expect(page.locator(`section#${id}`).getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  const learn = page.locator('#learn');
  for (const step of ['Submit & Upload', 'Expert Appraisal', 'Accept Offer', 'Get Paid Fast']) {
    await expect(learn.getByRole('heading', { name: step })).toBeVisible();
  }
  // SPEC 1 promises, in so many words.
  await expect(learn.getByText('Expert appraisal within 48 hours')).toBeVisible();
  await expect(learn.getByText('by ACH, PayPal or check within 24 hours')).toBeVisible();
  await expect(learn.getByText('free, prepaid, trackable and fully insured')).toBeVisible();
  await expect(learn.getByText('20% or more below your estimate')).toBeVisible();
  await expect(learn.getByText('reply within 24 hours')).toBeVisible();

  const support = page.locator('#support');
  await expect(support.getByRole('link', { name: 'support@assay.example' })).toHaveAttribute(
    'href',
    'mailto:support@assay.example',
  );
  await expect(support.getByRole('link', { name: '1-800-555-0199' })).toHaveAttribute('href', 'tel:+18005550199');
  await expect(support.getByRole('link', { name: /frequently asked questions/i })).toHaveAttribute('href', '/faq');

  // Our track record (issue 27 item 3), from the demo's sample submissions and labelled so.
  const record = page.getByRole('region', { name: 'Our track record (last 90 days)' });
  await expect(record.getByText("Sample figures from the demo's data")).toBeVisible();
  const categories = record.getByRole('list', { name: 'Track record per category' }).getByRole('listitem');
  await expect(categories).toHaveCount(3);
  for (const name of ['Jewelry', 'Coins/Scrap', 'Loose Gems']) {
    await expect(
      categories
        .filter({ hasText: name })
        .getByText(/^\d+(\.\d+)?%$/)
        .first(),
    ).toBeVisible();
  }
  await expect(record.getByText(/midpoint of its preliminary quote/)).toBeVisible();
  await expect(record.getByText(/at least 5 offers/)).toBeVisible();
  await snapPart(record, 'landing-track-record-1440');
  // Beside the estimate, the record of the categories the chosen item is sent under.
  await calculate(page, 'gold-14k', '10', 'grams', 'good');
  const note = page.locator('#calculator').getByTestId('quote-track-record');
  await expect(note.getByText("Sample figures from the demo's data")).toBeVisible();
  await expect(note.getByRole('listitem')).toHaveText([
    /^Jewelry: final offers came to a median [\d.]+% of the quote's midpoint \(\d+ offers\)\.$/,
    /^Coins\/Scrap: final offers came to a median [\d.]+% of the quote's midpoint \(\d+ offers\)\.$/,
  ]);
  await snapPart(page.getByTestId('quote-result-panel'), 'landing-track-record-calculator-1440');
  const footer = page.getByRole('contentinfo');
  for (const [name, href] of [
    ['Privacy Policy', '/privacy'],
    ['Terms of Service', '/terms'],
    ['Contact', '/contact'],
  ] as const) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }

  // Live prices and the four charts (uPlot, loaded after the first paint) before the screenshot.
  await expect(page.getByTestId('price-row')).toHaveCount(itemTypes.length);
  await chartsSettled(page);
  await snap(page, 'landing-01-1440');

  // 'How It Works' scrolls to the learn section.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.getByRole('button', { name: 'How It Works' }).click();
  await expect(page.locator('#learn-heading')).toBeInViewport();

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await expect(page.getByTestId('price-row')).toHaveCount(itemTypes.length);
  await chartsSettled(page);
  // (Expressions as text: the e2e project has no DOM types.)
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow, 'no sideways scrolling on a phone').toBe(0);
  await snapPart(page.getByRole('region', { name: 'Our track record (last 90 days)' }), 'landing-track-record-375');
  await snap(page, 'landing-02-375');
});

test('the sign-in buttons of the landing page all go to sign in', async ({ page }) => {
  for (const name of ['Get Started', 'Start Selling Now', 'Create Free Account & Sell', 'View FAQ']) {
    await page.goto('/');
    await page.getByRole('link', { name, exact: true }).first().click();
    await expect(page, `${name} goes to sign in`).toHaveURL(/\/login/);
  }
  // and says what happens: sign in, then the FAQ.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'View FAQ', exact: true })).toHaveAccessibleDescription(
    /sign in first, then the FAQ opens/,
  );
  await page.getByRole('link', { name: 'View FAQ', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Ffaq$/);
});

test('the live prices table shows every item type in dollars, labelled as demo prices', async ({ page }) => {
  const api = await page.request.get('/api/pricing');
  expect(api.ok()).toBe(true);
  const rows = (await api.json()) as PricingRow[];
  expect(rows.map((row) => row.itemType).sort()).toEqual([...itemTypes].sort());

  await page.goto('/');
  const pricing = page.locator('#pricing');
  const table = pricing.getByRole('table');
  for (const column of ['Metal/Gem', 'Price/oz', 'Price/gram', '24h Change']) {
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  const tableRows = pricing.getByTestId('price-row');
  await expect(tableRows).toHaveCount(itemTypes.length);
  for (const row of await tableRows.all()) {
    await expect(row).toContainText(/\$\d[\d,]*\.\d{2}/);
  }
  await expect(pricing.getByTestId('price-row').filter({ hasText: 'Diamond' })).toContainText('per carat');
  await expect(pricing.getByTestId('pricing-source')).toHaveText('Demo prices (simulated feed)');
  await expect(pricing.getByText(/^Updated /)).toBeVisible();
});

test('the calculator matches the shared rules for every unit and every condition', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const pricing = recordPricing(page);
  await page.goto('/');
  await expect(page.getByTestId('price-row')).toHaveCount(itemTypes.length);

  // The empty state comes before any Calculate.
  const calculator = page.locator('#calculator');
  await expect(calculator.getByText('Your estimate appears here')).toBeVisible();

  const weights: Record<WeightUnit, string> = { grams: '12.5', oz: '1.25', dwt: '7', carats: '2.35' };
  const types: ItemType[] = ['gold-24k', 'gold-14k', 'silver', 'platinum', 'diamond'];
  let checked = 0;
  for (const itemType of types) {
    for (const unit of weightUnits) {
      for (const condition of conditions) {
        for (let attempt = 0; ; attempt += 1) {
          const generation = pricing.generation();
          const shown = await calculate(page, itemType, weights[unit], unit, condition);
          const row = findPricingRow(await pricing.latest(), itemType);
          const expected = calculateQuote({ pricing: row, itemType, weight: weights[unit], unit, condition });
          // The page fetched new prices while we computed: do that combination once more.
          if (generation !== pricing.generation() && attempt === 0) continue;
          expect(expected, `${itemType} has a price`).not.toBeNull();
          const label = `${weights[unit]} ${unit} of ${itemType}, ${condition}`;
          expect(shown, label).toEqual({
            min: expected?.min,
            max: expected?.max,
            base: expected?.base,
            band: conditionBands[condition].label,
          });
          break;
        }
        checked += 1;
      }
    }
    if (itemType === 'diamond') await calculator.screenshot({ path: `${screenshotDir}/landing-03-quote-diamond-1440.png` });
  }
  expect(checked).toBe(types.length * weightUnits.length * conditions.length);

  // Enter in the weight field calculates too (keyboard users).
  await calculator.getByLabel('Weight').fill('3');
  await calculator.getByLabel('Weight').press('Enter');
  await expect(calculator.getByTestId('quote-result')).toContainText('3 ct of Diamond');
});

test('a bad weight or a missing type gives a clear message and no result', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await expect(page.getByTestId('price-row')).toHaveCount(itemTypes.length);
  const calculator = page.locator('#calculator');
  const calculateButton = calculator.getByRole('button', { name: 'Calculate' });

  // No type: nothing is computed.
  await calculator.getByLabel('Weight').fill('10');
  await calculateButton.click();
  await expect(calculator.getByText('Please choose a metal or gem.')).toBeVisible();
  await expect(calculator.getByTestId('quote-result')).toHaveCount(0);

  await calculator.getByLabel('Item type').selectOption('gold-18k');
  await calculator.getByLabel('Unit').selectOption('grams');
  const cases: [string, WeightUnit, string][] = [
    ['', 'grams', weightMessages.missing],
    ['0', 'grams', weightMessages.zero],
    ['-3', 'grams', weightMessages.negative],
    ['abc', 'grams', weightMessages.notANumber],
    ['12,5', 'grams', weightMessages.notANumber],
    ['100001', 'grams', weightMessages.tooLarge],
    ['5000', 'oz', weightMessages.tooLarge],
    ['1e9', 'dwt', weightMessages.tooLarge],
  ];
  for (const [weight, unit, message] of cases) {
    // A good result first, so we see that the bad weight removes it.
    await calculator.getByLabel('Unit').selectOption('grams');
    await calculator.getByLabel('Weight').fill('10');
    await calculateButton.click();
    await expect(calculator.getByTestId('quote-result')).toBeVisible();

    await calculator.getByLabel('Unit').selectOption(unit);
    await calculator.getByLabel('Weight').fill(weight);
    await calculateButton.click();
    await expect(calculator.getByTestId('weight-error'), `"${weight}" ${unit}`).toHaveText(message);
    await expect(calculator.getByLabel('Weight')).toHaveAttribute('aria-invalid', 'true');
    await expect(calculator.getByTestId('quote-result')).toHaveCount(0);
  }
  await calculator.screenshot({ path: `${screenshotDir}/landing-04-bad-weight-375.png` });
});

test('while prices load the calculator says so; no prices and stale prices are explained', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const real = (await (await page.request.get('/api/pricing')).json()) as PricingRow[];

  // Slow prices: the server's page comes with its prices, so nothing waits for them...
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/pricing', async (route) => {
    await held;
    await route.fulfill({ json: real });
  });
  await page.goto('/');
  const calculator = page.locator('#calculator');
  await expect(page.getByTestId('price-row')).toHaveCount(itemTypes.length);
  await expect(calculator.getByRole('button', { name: 'Calculate' })).toBeEnabled();

  // ...while the page rendered in the browser says 'Loading prices...' in the panel and on the button.
  await renderLandingInBrowser(page);
  await page.goto('/');
  await expect(calculator.getByRole('button', { name: 'Loading prices...' })).toBeDisabled();
  await expect(page.locator('#pricing').getByText('Loading prices...')).toBeVisible();
  release();
  await expect(calculator.getByRole('button', { name: 'Calculate' })).toBeEnabled();
  await page.unroute('**/api/pricing');

  // No rows at all.
  await page.route('**/api/pricing', (route) => route.fulfill({ json: [] }));
  await page.goto('/');
  await expect(page.locator('#pricing').getByText('No pricing data available')).toBeVisible();
  await calculator.getByLabel('Item type').selectOption('gold-24k');
  await calculator.getByLabel('Weight').fill('10');
  await calculator.getByRole('button', { name: 'Calculate' }).click();
  await expect(calculator.getByTestId('quote-unavailable')).toContainText('no current price for Gold 24K');
  await expect(calculator.getByTestId('quote-result')).toHaveCount(0);
  await page.unroute('**/api/pricing');

  // Feed prices 25 minutes old, and a gem without a price.
  const old = new Date(Date.now() - 25 * 60_000).toISOString();
  const stale = real.map((row) =>
    row.itemType === 'ruby'
      ? { ...row, pricePerOz: null, pricePerGram: null, pricePerCarat: null }
      : row.source === 'admin-reference'
        ? row
        : { ...row, updatedAt: old, stale: true },
  );
  await page.route('**/api/pricing', (route) => route.fulfill({ json: stale }));
  // A day of history, so that every chart has a line to draw whatever the server has stored yet.
  await page.route('**/api/pricing/history?**', (route) => {
    const itemType = new URL(route.request().url()).searchParams.get('itemType');
    const row = real.find((r) => r.itemType === itemType);
    const base = Number(row?.pricePerOz ?? '100');
    const json = Array.from({ length: 25 }, (_, i) => ({
      recordedAt: new Date(Date.now() - (24 - i) * 3600_000).toISOString(),
      pricePerOz: (base * (1 + Math.sin(i / 3) / 100)).toFixed(4),
      pricePerGram: (base / 31.1035).toFixed(4),
      pricePerCarat: null,
    }));
    return route.fulfill({ json });
  });
  await page.goto('/');
  await expect(page.getByTestId('pricing-stale')).toContainText(/^Prices last updated .+ — may be out of date$/);
  await page.getByRole('heading', { name: 'Last 24 hours' }).scrollIntoViewIfNeeded();
  await expect(page.getByTestId('price-history').locator('canvas')).toHaveCount(4);
  await expect(
    page.getByRole('img', { name: /^Gold 24K price per ounce over the last 24 hours: low \$[\d,.]+, high \$[\d,.]+/ }),
  ).toBeVisible();
  await page.locator('#pricing').screenshot({ path: `${screenshotDir}/landing-06-stale-prices-and-charts-1440.png` });
  await calculator.getByLabel('Item type').selectOption('ruby');
  await calculator.getByLabel('Weight').fill('2');
  await calculator.getByRole('button', { name: 'Calculate' }).click();
  await expect(calculator.getByTestId('quote-unavailable')).toContainText('no current price for Ruby');
  await expect(calculator.getByTestId('quote-result')).toHaveCount(0);
});

test('the FAQ, privacy, terms and contact pages open from the landing page', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page
    .locator('#support')
    .getByRole('link', { name: /frequently asked questions/i })
    .click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  for (const question of [/insured/i, /how long/i, /decline the offer/i, /fees/i, /ID/, /prices set/i, /photos/i]) {
    await expect(page.getByRole('heading', { level: 2, name: question }).first()).toBeVisible();
  }
  await expect(page.getByText('above $10,000')).toBeVisible();
  await snap(page, 'landing-05-faq-1440');

  for (const [link, heading, url] of [
    ['Privacy Policy', 'Privacy Policy', /\/privacy$/],
    ['Terms of Service', 'Terms of Service', /\/terms$/],
    ['Contact', 'Contact', /\/contact$/],
  ] as const) {
    await page.getByRole('contentinfo').getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // A new page starts at its top, not where the footer link was.
    expect(await page.evaluate<number>('window.scrollY')).toBe(0);
  }
  await expect(page.getByRole('main').getByRole('link', { name: 'support@assay.example' })).toBeVisible();

  // Straight to a page by its address (the server answers index.html), and back home by the logo.
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await page.getByRole('link', { name: 'Assay home' }).click();
  await expect(page.getByRole('link', { name: 'Start Selling Now' })).toBeVisible();
});
