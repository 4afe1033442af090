// Issue 15 "Landing page": Lighthouse's mobile run (its default configuration: a mid-range phone on
// a slow 4G link, simulated) on '/' of the built app, started as production starts it but in demo
// mode on a scratch data folder. Prints the median of LIGHTHOUSE_RUNS runs (3; the figures swing on
// a busy machine) of each figure beside its target, and the landing page's first-load JavaScript.
// Builds the app first when no build is there (BENCH_BUILD=1 builds anyway).
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath, quietChromiumArgs } from '../e2e/support/chromium.ts';
import { demoAppEnv } from '../e2e/support/demo-app-env.ts';
import { LANDING_JS_BUDGET_KB, landingScripts, readManifest } from './landing-bundle.bench.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const serverJs = path.join(repoRoot, 'apps/api/dist/server.js');
const ssrEntry = path.join(repoRoot, 'apps/web/dist-ssr/entry-server.js');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** Each figure, how Lighthouse's report names it, and its target (issue 15). */
const figures = [
  { name: 'performance', unit: '', target: 95, atMost: false, read: (r: Report) => r.categories.performance!.score! * 100 },
  { name: 'LCP', unit: ' s', target: 2.0, atMost: true, read: (r: Report) => audit(r, 'largest-contentful-paint') / 1000 },
  { name: 'FCP', unit: ' s', target: null, atMost: true, read: (r: Report) => audit(r, 'first-contentful-paint') / 1000 },
  { name: 'CLS', unit: '', target: 0.05, atMost: true, strict: true, read: (r: Report) => audit(r, 'cumulative-layout-shift') },
  { name: 'TBT', unit: ' ms', target: 150, atMost: true, read: (r: Report) => audit(r, 'total-blocking-time') },
  { name: 'accessibility', unit: '', target: 100, atMost: false, read: (r: Report) => r.categories.accessibility!.score! * 100 },
] as const;

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function audit(report: Report, id: string): number {
  const value = report.audits[id]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse reported no ${id}`);
  return value;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startApp() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'assay-lighthouse-'));
  const secretsDir = mkdtempSync(path.join(os.tmpdir(), 'assay-lighthouse-secrets-'));
  const child = spawn(process.execPath, [serverJs], {
    cwd: repoRoot,
    env: { ...process.env, ...demoAppEnv(port, url, dataDir, secretsDir) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(secretsDir, { recursive: true, force: true });
  };
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`the app exited before it was ready (${child.exitCode})`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, stop };
    if (tries > 120) {
      await stop();
      throw new Error('the app was not ready within a minute');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The landing page's first-load JavaScript (landing-bundle.bench.ts) as the server sends it, gzipped one file at a time. */
async function landingJsKb(url: string): Promise<number> {
  const manifest = readManifest();
  if (!manifest) throw new Error('the build has no manifest; run `npm run build`');
  let total = 0;
  for (const script of landingScripts(manifest)) {
    total += gzipSync(Buffer.from(await (await fetch(`${url}${script}`)).arrayBuffer()), { level: 9 }).length;
  }
  return total / 1024;
}

/** Every script the page loaded in Lighthouse's run (the lazy chunks too), gzipped one at a time. */
async function loadedJsKb(report: Report): Promise<number> {
  const requests =
    (report.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] })?.items ?? [];
  let total = 0;
  for (const request of requests.filter((r) => r.resourceType === 'Script')) {
    total += gzipSync(Buffer.from(await (await fetch(request.url)).arrayBuffer()), { level: 9 }).length;
  }
  return total / 1024;
}

export async function run() {
  if (process.env.BENCH_BUILD === '1' || !existsSync(serverJs) || !existsSync(ssrEntry)) {
    console.log('building the app (npm run build)...');
    execSync('npm run build', { cwd: repoRoot, stdio: 'inherit' });
  }
  const app = await startApp();
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', ...quietChromiumArgs] });
  try {
    const jsKb = await landingJsKb(app.url);
    // The first rendering of a page loads its lazy modules; a visitor after a deploy would not wait for it.
    await fetch(`${app.url}/`);
    const runs: number[][] = figures.map(() => []);
    let allJsKb = 0;
    for (let i = 1; i <= RUNS; i++) {
      const result = await lighthouseRun(`${app.url}/`, chrome.port);
      const values = figures.map((figure) => figure.read(result.lhr));
      if (i === 1) allJsKb = await loadedJsKb(result.lhr);
      values.forEach((value, index) => runs[index]!.push(value));
      console.log(`run ${i}: ${figures.map((f, index) => `${f.name} ${format(values[index]!, f.unit)}`).join(', ')}`);
    }
    console.log(`Lighthouse ${readVersion()} mobile (default throttling), median of ${RUNS} runs on ${app.url}/:`);
    let failed = 0;
    figures.forEach((figure, index) => {
      const value = median(runs[index]!);
      const pass =
        figure.target === null ||
        (figure.atMost ? ('strict' in figure ? value < figure.target : value <= figure.target) : value >= figure.target);
      if (!pass) failed++;
      const target =
        figure.target === null
          ? '(no target)'
          : `target ${figure.atMost ? ('strict' in figure ? '<' : '<=') : '>='} ${figure.target}${figure.unit}`;
      console.log(
        `  ${figure.name.padEnd(14)} ${format(value, figure.unit).padStart(9)}  ${target.padEnd(20)} ${figure.target === null ? '' : pass ? 'PASS' : 'FAIL'}`,
      );
    });
    const jsPass = jsKb <= LANDING_JS_BUDGET_KB;
    if (!jsPass) failed++;
    console.log(
      `  ${'landing JS'.padEnd(14)} ${format(jsKb, ' KB').padStart(9)}  ${`target <= ${LANDING_JS_BUDGET_KB} KB gz`.padEnd(20)} ${jsPass ? 'PASS' : 'FAIL'}`,
    );
    console.log(`  (all JavaScript '/' loads, its lazy chunks too: ${format(allJsKb, ' KB')} gzipped)`);
    console.log(failed === 0 ? 'PASS: every landing page target is met' : `FAIL: ${failed} target(s) missed`);
  } finally {
    chrome.kill();
    await app.stop();
  }
}

/**
 * One Lighthouse run. A run whose trace recording failed (Lighthouse's runtimeError, NO_NAVSTART
 * say, which a busy machine sometimes gives) has no figures: it is said and run again, twice at most.
 */
async function lighthouseRun(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const failure = result.lhr.runtimeError;
    if (!failure) return result;
    if (attempt === 3) throw new Error(`Lighthouse failed three times: ${failure.code} ${failure.message}`);
    console.log(`  (Lighthouse could not measure this run: ${failure.code}; running it again)`);
  }
}

function format(value: number, unit: string): string {
  const digits = unit === ' s' ? 2 : unit === '' && value < 1 ? 3 : unit === ' KB' ? 1 : 0;
  return `${value.toFixed(digits)}${unit}`;
}

function readVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules/lighthouse/package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}
