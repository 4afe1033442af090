// The landing page's JavaScript budget (issue 15): what a visitor's browser loads for '/' at once,
// that is the entry script and every modulepreload that apps/web/dist/index.html references (the
// template the server renders the public pages into; it adds no script but a JSON one), gzipped
// one by one, at most 100 KB in total. Lazy chunks are not counted: the landing page's own chunk,
// its calculator and charts arrive after, while the server's HTML already shows the page
// (landing-lighthouse.bench.ts prints all the JavaScript '/' loads), and the signed-in pages and
// auth forms only when they are used.
// Reads the existing build; run `npm run build` first.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const LANDING_JS_BUDGET_KB = 100;

const distDir = path.resolve(import.meta.dirname, '..', 'apps', 'web', 'dist');

/** The JavaScript files index.html makes the browser fetch at once: module scripts and modulepreloads. */
export function initialScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isModuleScript = /^<script/i.test(tag) && /\btype=["']?module/i.test(tag);
    const isPreload = /^<link/i.test(tag) && /\brel=["']?modulepreload/i.test(tag);
    const url = /\b(?:src|href)=["']([^"']+)["']/i.exec(tag)?.[1];
    if ((isModuleScript || isPreload) && url && !/^(https?:)?\/\//i.test(url)) urls.add(url);
  }
  return [...urls];
}

export async function run() {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    console.log(`landing bundle: ${path.relative(process.cwd(), indexFile)} is missing; run \`npm run build\` first.`);
    return;
  }
  const scripts = initialScripts(readFileSync(indexFile, 'utf8'));
  let totalRaw = 0;
  let totalGzip = 0;
  for (const url of scripts) {
    const file = path.join(distDir, url.replace(/^\//, ''));
    const bytes = readFileSync(file);
    const gz = gzipSync(bytes, { level: 9 }).length;
    totalRaw += bytes.length;
    totalGzip += gz;
    console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB gz  ${(bytes.length / 1024).toFixed(1).padStart(7)} KB  ${url}`);
  }
  const kb = totalGzip / 1024;
  console.log(
    `landing page JavaScript on first load: ${scripts.length} files, ${(totalRaw / 1024).toFixed(1)} KB, ${kb.toFixed(1)} KB gzipped`,
  );
  console.log(
    `${kb <= LANDING_JS_BUDGET_KB ? 'PASS' : 'FAIL'}: budget ${LANDING_JS_BUDGET_KB} KB gzipped (${((kb / LANDING_JS_BUDGET_KB) * 100).toFixed(0)}% used)`,
  );
}
