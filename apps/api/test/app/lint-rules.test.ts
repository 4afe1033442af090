// The import and type-aware rules of eslint.config.js, run through ESLint's Node API on small
// in-memory files, so a rule that stops firing (a glob typo, a resolver that no longer resolves)
// fails here instead of letting the layers drift silently.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createLinter, repoRoot, rulesFiredOn } from '../support/eslint.ts';

type Zone = { name: string; target: string | string[]; from: string | string[]; except?: string[]; message: string };
const config = (await import(pathToFileURL(path.join(repoRoot, 'eslint.config.js')).href)) as {
  layerZones: Zone[];
  sharedWriters: string[];
  apiTiers: Record<'records' | 'workflows' | 'views' | 'tooling', string[]>;
};

// The import rules need no type information; leaving it out spares building whole TypeScript
// programs for the api and web (tens of seconds).
const importLinter = createLinter();
const typedLinter = createLinter({ typed: true });

/** The snippets import real files: the zones compare resolved paths, so the target must exist. */
function existing(file: string) {
  if (!existsSync(path.join(repoRoot, file))) throw new Error(`${file} moved: point this test at a file that exists`);
}

const importRules = (file: string, code: string) => rulesFiredOn(importLinter, file, code);
// The first lint of each kind loads the resolver or builds a TypeScript program: slow on a busy machine.
const slow = { timeout: 120_000 };

describe('layer zones (import-x/no-restricted-paths)', slow, () => {
  const rule = 'import-x/no-restricted-paths';

  it('stops a web feature importing another feature, by relative path as well as by alias', async () => {
    existing('apps/web/src/features/pricing/api/get-pricing.ts');
    const file = 'apps/web/src/features/quote/components/lint-probe.tsx';
    expect(await importRules(file, "export * from '../../pricing/api/get-pricing';\n")).toContain(rule);
    expect(await importRules(file, "export * from '@/features/pricing/api/get-pricing';\n")).toContain(rule);
    expect(await importRules(file, "export * from '@/lib/utils';\n")).not.toContain(rule);
    expect(
      await importRules('apps/web/src/features/pricing/components/lint-probe.tsx', "export * from '../api/get-pricing';\n"),
    ).not.toContain(rule);
  });

  it('stops shared web code importing a feature', async () => {
    expect(
      await importRules('apps/web/src/lib/lint-probe.ts', "export * from '../features/pricing/api/get-pricing';\n"),
    ).toContain(rule);
  });

  it("stops a module importing another module's repository, not its own", async () => {
    existing('apps/api/src/modules/users/users.repository.ts');
    existing('apps/api/src/modules/pricing/pricing.repository.ts');
    const file = 'apps/api/src/modules/pricing/lint-probe.service.ts';
    expect(await importRules(file, "export * from '../users/users.repository.ts';\n")).toContain(rule);
    expect(await importRules(file, "export * from './pricing.repository.ts';\n")).not.toContain(rule);
  });

  it.each(config.sharedWriters)('lets every module call the shared writer %s through its module index', async (writer) => {
    existing(writer);
    const moduleDir = path.dirname(writer);
    const index = readFileSync(path.join(repoRoot, moduleDir, 'index.ts'), 'utf8');
    expect(index).toContain(`from './${path.basename(writer)}'`);
    // A workflow may import every record, so only the public face can make the rule fire here.
    const face = `export * from '${path.relative('apps/api/src/modules/appraisal', path.join(moduleDir, 'index.ts'))}';\n`;
    expect(await importRules('apps/api/src/modules/appraisal/lint-probe.service.ts', face)).not.toContain(rule);
  });

  it('stops a module, and the code beside the modules, importing any file of another module but its index.ts', async () => {
    existing('apps/api/src/modules/users/users.service.ts');
    existing('apps/api/src/modules/users/index.ts');
    const file = 'apps/api/src/modules/appraisal/lint-probe.service.ts';
    expect(await importRules(file, "export * from '../users/users.service.ts';\n")).toContain(rule);
    expect(await importRules(file, "export * from '../users/index.ts';\n")).not.toContain(rule);
    expect(
      await importRules('apps/api/src/jobs/lint-probe.ts', "export * from '../modules/users/users.service.ts';\n"),
    ).toContain(rule);
    expect(await importRules('apps/api/src/lint-probe.ts', "export * from './modules/users/index.ts';\n")).not.toContain(rule);
    // Inside its own module, a file imports its neighbours directly.
    expect(
      await importRules('apps/api/src/modules/users/lint-probe.service.ts', "export * from './users.service.ts';\n"),
    ).not.toContain(rule);
  });

  it('places every module of apps/api/src/modules in one tier', () => {
    const modules = readdirSync(path.join(repoRoot, 'apps/api/src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(Object.values(config.apiTiers).flat().sort()).toEqual(modules);
  });

  it('keeps the tiers: records import only the records after them, workflows and views never a view, views never a workflow', async () => {
    const { records, workflows, views } = config.apiTiers;
    const [upper, lower] = [records[0]!, records[records.length - 1]!];
    const [workflow, view] = [workflows[0]!, views[0]!];
    for (const module of [upper, lower, workflow, view]) existing(`apps/api/src/modules/${module}/index.ts`);
    const probe = (module: string, target: string) =>
      importRules(`apps/api/src/modules/${module}/lint-probe.service.ts`, `export * from '../${target}/index.ts';\n`);
    expect(await probe(lower, upper)).toContain(rule);
    expect(await probe(upper, lower)).not.toContain(rule);
    expect(await probe(lower, workflow)).toContain(rule);
    expect(await probe(lower, view)).toContain(rule);
    expect(await probe(view, workflow)).toContain(rule);
    expect(await probe(view, lower)).not.toContain(rule);
    expect(await probe(workflow, lower)).not.toContain(rule);
    // A workflow answers with what it changed; a view's shape is handed to its routes (app.ts).
    for (const anyView of views) expect(await probe(workflow, anyView)).toContain(rule);
    expect(await probe('appraisal', 'admin-mailbox')).toContain(rule);
    // A workflow may still call one listed after it: webhooks applies a return delivered through appraisal.
    expect(await probe('webhooks', 'appraisal')).not.toContain(rule);
    expect(await probe('appraisal', 'webhooks')).toContain(rule);
  });

  it('stops a plugin importing any module', async () => {
    existing('apps/api/src/modules/users/password-hashing.ts');
    existing('apps/api/src/lib/app-error.ts');
    const file = 'apps/api/src/plugins/lint-probe.ts';
    expect(await importRules(file, "export * from '../modules/users/password-hashing.ts';\n")).toContain(rule);
    expect(await importRules(file, "export * from '../lib/app-error.ts';\n")).not.toContain(rule);
  });

  it('stops configuration and the database schema importing a module or an adapter, even for a type', async () => {
    existing('apps/api/src/modules/compliance/sanctions/ofac-csv.ts');
    existing('apps/api/src/adapters/payouts/payout-adapter.ts');
    existing('apps/api/src/db/schema/one-of.ts');
    for (const dir of ['apps/api/src/config', 'apps/api/src/db/schema']) {
      const from = (target: string) => path.relative(dir, target);
      const moduleType = `export type { SdnEntry } from '${from('apps/api/src/modules/compliance/sanctions/ofac-csv.ts')}';\n`;
      const adapterType = `export type { PayoutAdapter } from '${from('apps/api/src/adapters/payouts/payout-adapter.ts')}';\n`;
      expect(await importRules(`${dir}/lint-probe.ts`, moduleType)).toContain(rule);
      expect(await importRules(`${dir}/lint-probe.ts`, adapterType)).toContain(rule);
    }
    expect(await importRules('apps/api/src/db/schema/lint-probe.ts', "export * from './one-of.ts';\n")).not.toContain(rule);
  });

  it('stops routes importing an adapter, even for a type, and lets services do it', async () => {
    existing('apps/api/src/adapters/price-feeds/price-feed.ts');
    const adapter = "export type { PriceFeed } from '../../adapters/price-feeds/price-feed.ts';\n";
    expect(await importRules('apps/api/src/modules/pricing/lint-probe.routes.ts', adapter)).toContain(rule);
    expect(await importRules('apps/api/src/modules/pricing/lint-probe.service.ts', adapter)).not.toContain(rule);
  });

  it('lets tests import across layers', async () => {
    expect(
      await importRules('apps/api/src/plugins/lint-probe.test.ts', "export * from '../modules/users/password-hashing.ts';\n"),
    ).not.toContain(rule);
  });
});

describe('import-x/no-cycle', slow, () => {
  const rule = 'import-x/no-cycle';
  // preliminary-quote.ts imports money.ts, so money.ts importing it back closes a cycle.
  const file = 'packages/domain/src/money.ts';

  it('reports an import that leads back to the importing file', async () => {
    expect(
      await importRules(file, "import { preliminaryQuote } from './preliminary-quote.ts';\nexport const q = preliminaryQuote;\n"),
    ).toContain(rule);
  });

  it('ignores type-only imports and imports that do not come back', async () => {
    expect(
      await importRules(
        file,
        "import type { PreliminaryQuote } from './preliminary-quote.ts';\nexport type Q = PreliminaryQuote;\n",
      ),
    ).not.toContain(rule);
    expect(
      await importRules(file, "import { parseExactDecimal } from './exact-decimal.ts';\nexport const p = parseExactDecimal;\n"),
    ).not.toContain(rule);
  });
});

// Typed rules need a TypeScript program, and the project service only knows files on disk: so the
// snippets stand in for a real file of packages/domain, the smallest program.
describe('type-aware rules', slow, () => {
  const file = 'packages/domain/src/index.ts';
  const typedRules = (code: string) => rulesFiredOn(typedLinter, file, code);
  const later = 'const later = (): Promise<number> => Promise.resolve(1);\n';

  it('no-floating-promises: a promise is awaited, returned or voided on purpose', async () => {
    const rule = '@typescript-eslint/no-floating-promises';
    expect(await typedRules(`${later}export function run() {\n  later();\n}\n`)).toContain(rule);
    expect(await typedRules(`${later}export async function run() {\n  await later();\n  void later();\n}\n`)).not.toContain(rule);
  });

  it('no-misused-promises: no async callback where a void one is expected, no promise as a condition', async () => {
    const rule = '@typescript-eslint/no-misused-promises';
    expect(
      await typedRules(`${later}export function run(xs: number[]) {\n  xs.forEach(async () => {\n    await later();\n  });\n}\n`),
    ).toContain(rule);
    expect(await typedRules(`${later}export function run() {\n  if (later()) return 1;\n  return 0;\n}\n`)).toContain(rule);
    expect(
      await typedRules(
        `${later}export async function run(xs: number[]) {\n  await Promise.all(xs.map(async () => later()));\n}\n`,
      ),
    ).not.toContain(rule);
  });

  it('switch-exhaustiveness-check: a switch over a union names every member', async () => {
    const rule = '@typescript-eslint/switch-exhaustiveness-check';
    const shape = "type Shape = 'circle' | 'square';\n";
    const partial = `${shape}export function sides(shape: Shape) {\n  switch (shape) {\n    case 'circle':\n      return 0;\n  }\n  return -1;\n}\n`;
    const full = `${shape}export function sides(shape: Shape) {\n  switch (shape) {\n    case 'circle':\n      return 0;\n    case 'square':\n      return 4;\n  }\n}\n`;
    expect(await typedRules(partial)).toContain(rule);
    expect(await typedRules(full)).not.toContain(rule);
  });
});
