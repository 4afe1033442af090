// The landing page's JavaScript budget (issue 15): what a visitor's browser loads for '/' before
// the page is the app, at most 100 KB gzipped, one file at a time. That is the entry script
// (apps/web/src/boot.ts), the app it starts once the server's HTML has painted (main.tsx), and
// every module those two import statically, read from Vite's build manifest. Lazy chunks are not
// counted: the landing page's own chunk, its calculator and charts arrive after, while the
// server's HTML already shows the page (landing-lighthouse.bench.ts prints all the JavaScript '/'
// loads), and the signed-in pages and auth forms only when they are used.
// Reads the existing build; run `npm run build` first.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const LANDING_JS_BUDGET_KB = 100;

const distDir = path.resolve(import.meta.dirname, '..', 'apps', 'web', 'dist');
const manifestFile = path.join(distDir, '.vite', 'manifest.json');
/** The module boot.ts imports at once: the app itself. */
const APP_MODULE = 'src/main.tsx';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** The URLs of the landing page's first-load JavaScript, from the build manifest. */
export function landingScripts(manifest: Record<string, ManifestChunk>): string[] {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('the build manifest has no entry');
  if (!manifest[APP_MODULE]) throw new Error(`the build manifest has no ${APP_MODULE}`);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry[0]);
  visit(APP_MODULE);
  return [...files].map((file) => `/${file}`);
}

export function readManifest(): Record<string, ManifestChunk> | null {
  return existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : null;
}

export async function run() {
  const manifest = readManifest();
  if (!manifest) {
    console.log(`landing bundle: ${path.relative(process.cwd(), manifestFile)} is missing; run \`npm run build\` first.`);
    return;
  }
  const scripts = landingScripts(manifest);
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
