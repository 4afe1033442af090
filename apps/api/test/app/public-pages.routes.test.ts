// The public pages rendered on the server (issue 15, plugins/web.ts): the page's HTML with the
// data the server holds, the query cache beside it for hydration, the stylesheet inline, and the
// headers every page gets. First with a stand-in renderer (always), then with the real build of
// apps/web when `npm run build` has made one.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/sessions.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const template =
  '<!doctype html><html><head><title>Assay</title><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
  '<body><div id="root"></div><script type="module" crossorigin src="/assets/index-1.js"></script></body></html>';

/** Renders what it was given, and counts its renderings (on globalThis: the plugin imports it by URL). */
const standInRenderer = `
export const publicPagePaths = ['/', '/faq'];
export const queryStateElementId = 'assay-query-state';
export async function renderPublicPage(pathname, data) {
  globalThis.standInRenderings = (globalThis.standInRenderings ?? 0) + 1;
  const gold = data.pricing.find((row) => row.itemType === 'gold-24k');
  return {
    html: '<main>page ' + pathname + ': gold ' + gold.pricePerOz + ', rates ' + data.payoutRates.rates.length + ', ' + data.business.legalName + '</main>',
    state: JSON.stringify({ queries: [{ queryKey: ['/api/pricing'] }] }),
  };
}
`;

const renderings = () => (globalThis as { standInRenderings?: number }).standInRenderings ?? 0;

describe('server-rendered public pages (stand-in renderer)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const root = path.join(process.env.TMPDIR ?? '/tmp', `assay-ssr-${process.pid}-${Date.now()}`);
    const web = path.join(root, 'dist');
    mkdirSync(path.join(web, 'assets'), { recursive: true });
    mkdirSync(path.join(root, 'dist-ssr'), { recursive: true });
    writeFileSync(path.join(web, 'index.html'), template);
    writeFileSync(path.join(web, 'assets', 'index-1.css'), 'body{color:navy}');
    writeFileSync(path.join(web, 'assets', 'index-1.js'), 'console.log(1)');
    writeFileSync(path.join(web, 'assets', 'index-1.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
    // What apps/web/scripts/precompress.mjs writes beside an asset, and Vite's manifest.
    const script = 'export const x = 1;'.repeat(100);
    writeFileSync(path.join(web, 'assets', 'app-1.js'), script);
    writeFileSync(path.join(web, 'assets', 'app-1.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(web, 'assets', 'app-1.js.gz'), gzipSync(script));
    mkdirSync(path.join(web, '.vite'));
    writeFileSync(path.join(web, '.vite', 'manifest.json'), '{}');
    writeFileSync(path.join(root, 'dist-ssr', 'entry-server.js'), standInRenderer);
    t = await createTestApp('pglite', { WEB_DIST_DIR: web });
    await t.app.pricing.refresh({ force: true });
  });
  afterAll(() => t.close());

  it('renders a public page with the live prices, payout rates and identity, its cache beside it', async () => {
    const gold = (JSON.parse(t.app.pricing.snapshot().json) as { itemType: string; pricePerOz: string }[]).find(
      (row) => row.itemType === 'gold-24k',
    )!;
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(`<div id="root"><main>page /: gold ${gold.pricePerOz}, rates 12, `);
    expect(res.body).toContain('<script type="application/json" id="assay-query-state">{"queries"');
    // No script runs but the app's own file (CSP script-src 'self').
    expect(res.body.match(/<script\b[^>]*>/g)).toEqual([
      '<script type="application/json" id="assay-query-state">',
      '<script type="module" crossorigin src="/assets/index-1.js">',
    ]);
  });

  it("serves the build's files but not its source maps, and a missing file is a 404, not the page", async () => {
    const script = await t.app.inject('/assets/index-1.js');
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('console.log(1)');
    for (const url of ['/assets/index-1.js.map', '/assets/gone-1.js', '/main.js.map']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<html');
    }
  });

  it('inlines the stylesheet, and keeps the security and cache headers', async () => {
    const res = await t.app.inject('/faq');
    expect(res.body).toContain('<style>body{color:navy}</style>');
    expect(res.body).not.toContain('rel="stylesheet"');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('accept-encoding');
  });

  it('sends the page gzipped to a browser that accepts it', async () => {
    const res = await t.app.inject({ url: '/faq', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('<main>page /faq: gold ');
  });

  it("sends an asset's precompressed copy that the browser accepts, and the asset itself otherwise", async () => {
    const script = 'export const x = 1;'.repeat(100);
    const br = await t.app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await t.app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("keeps the build's own bookkeeping to itself", async () => {
    const res = await t.app.inject('/.vite/manifest.json');
    expect(res.body).not.toBe('{}');
  });

  it('renders a page once while its data stays the same', async () => {
    await t.app.inject('/faq');
    const before = renderings();
    await t.app.inject('/faq');
    await t.app.inject({ url: '/faq', method: 'HEAD' });
    expect(renderings()).toBe(before);
  });

  it("leaves '/' to the browser for a signed-in visitor, and every other page path too", async () => {
    const { cookie } = await signUp(t.app);
    expect((await t.app.inject({ url: '/', headers: { cookie } })).body).toBe(template);
    // A cookie of that name that we did not sign is nobody's session: the landing page.
    for (const forged of ['better-auth.session_token=abc', 'better-auth.session_token=abc.def']) {
      expect((await t.app.inject({ url: '/', headers: { cookie: forged } })).body, forged).toContain('<main>page /:');
    }
    // The public pages are the same for everyone, so a session changes nothing there.
    expect((await t.app.inject({ url: '/faq', headers: { cookie } })).body).toContain('<main>page /faq');
    expect((await t.app.inject('/client')).body).toBe(template);
    expect((await t.app.inject('/api/nothing')).statusCode).toBe(404);
  });
});

const webDist = path.resolve(import.meta.dirname, '../../../web/dist');
const built = existsSync(path.join(webDist, 'index.html')) && existsSync(path.resolve(webDist, '../dist-ssr/entry-server.js'));

describe.runIf(built)('server-rendered public pages (the build of apps/web)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { WEB_DIST_DIR: webDist }, { demo: true });
    await t.app.pricing.refresh({ force: true });
  });
  afterAll(() => t.close());

  const pages = [
    ['/', 'Sell your gold, silver, platinum, gems and jewelry'],
    ['/faq', 'Frequently asked questions'],
    ['/about', 'About Assay'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/contact', 'Contact'],
  ] as const;

  it.each(pages)('%s comes as HTML with its content and the data it was rendered from', async (url, heading) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(heading);
    expect(res.body).toContain('Privacy Policy'); // the footer
    expect(res.body).toMatch(/<script type="application\/json" id="assay-query-state">\{/);
    expect(res.body).not.toMatch(/<script>/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('shows the live prices on the landing page', async () => {
    const rows = JSON.parse(t.app.pricing.snapshot().json) as { itemType: string; pricePerOz: string | null }[];
    const silver = rows.find((row) => row.itemType === 'silver')!;
    const dollars = Number(silver.pricePerOz).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const body = (await t.app.inject('/')).body;
    expect(body).toContain('Live Market Prices');
    expect(body).toContain(`$${dollars}`);
    expect(body).toContain(`"pricePerOz":"${silver.pricePerOz}"`);
  });
});
