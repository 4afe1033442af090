// Lint, and the import rules of ARCHITECTURE.md: domain <- api, domain <- web; in web, shared dirs
// -> features -> app with no feature importing another; in api, routes -> service -> repository,
// a module is reached only through its index.ts and the modules sit in tiers (apiTiers), plugins
// never reach into modules, and only services (not routes) talk to adapters.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});
const noTestCode = [
  {
    group: ['**/test/**', '**/seed/**', '**/e2e/**', '**/testing/**'],
    message: 'Production code never imports tests, seed, e2e or bench.',
  },
  // The benchmarks (the repository's bench/) sit three or more folders above any source file;
  // modules/bench (the appraiser's bench, issue 28) is a module like any other.
  { regex: '(^|/)\\.\\./(\\.\\./){2,}bench/', message: 'Production code never imports tests, seed, e2e or bench.' },
];

const subdirectories = (dir) => {
  try {
    return readdirSync(`${root}/${dir}`, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
};
const webFeatures = subdirectories('apps/web/src/features');
const apiModules = subdirectories('apps/api/src/modules');
// The api's folders beside modules/ (access, adapters, db, jobs, lib, plugins, ...).
const apiSourceDirs = subdirectories('apps/api/src').filter((dir) => dir !== 'modules');
// One zone per folder, built from that folder's name and a glob matching every other folder
// (minimatch wants two or more names inside braces, so a single other name stands alone).
const againstTheOthers = (names, zone) =>
  names.length < 2
    ? []
    : names.map((name) => {
        const rest = names.filter((other) => other !== name);
        return zone(name, rest.length === 1 ? rest[0] : `{${rest.join(',')}}`);
      });

// The server's modules in tiers (issue 26). Records own their tables and the commands that touch
// only them; a record imports only records listed after it (the order comes from the real
// dependencies). Workflows change several records in one transaction and may import records and
// the workflows listed after them, never a view: a command answers with what it changed, and the
// shape of the answer (a view's) is handed to its routes where they are registered (app.ts).
// Views stitch records into one read and import records only. Tooling serves the operator, not a seller or an appraiser:
// health probes, demo seeding and key rotation may import records, and no module imports them.
// Checks, ACH batches and the PayPal hand-over are the payout rails (modules/payout-rails), above
// the payouts they carry (modules/payouts); webhooks is the webhook-application workflow.
export const apiTiers = {
  records: [
    'payout-rails',
    'payouts',
    'compliance',
    // The bench's tests belong to offer lines and carry an intake photo (issue 28 item 1): above
    // offers and uploads, which know nothing of them.
    'bench',
    'uploads',
    'offers',
    // Police holds (issue 28 item 6) end in custody's 'surrendered' and a write-off in the ledger.
    'police-holds',
    'melt-lots',
    // Labels, their PDF and tracking: below melt-lots, whose shipment buys and prints a label with them.
    'shipping-labels',
    // Refiners own their settlements' tables (the refiner-settlement workflow writes them); below
    // melt-lots, whose shipment names a refiner from the list.
    'refiners',
    'custody',
    'submissions',
    'ledger',
    'payout-rates',
    'users',
    'notifications',
    'audit',
    'pricing',
    'business',
  ],
  workflows: [
    'webhooks',
    'appraisal',
    'offer-acceptance',
    'decline-and-return',
    'address-change',
    'screening-decisions',
    'records-retention',
    'refiner-settlement',
  ],
  views: ['submission-detail', 'admin-mailbox', 'compliance-queue', 'reconciliation', 'tax-reporting', 'margin'],
  tooling: ['health', 'demo', 'encryption-keys'],
};
const tiered = Object.values(apiTiers).flat();
const untiered = apiModules.filter((module) => !tiered.includes(module));
if (untiered.length > 0) {
  throw new Error(`eslint.config.js: place ${untiered.join(', ')} in a tier of apiTiers (records, workflows, views or tooling).`);
}

const moduleGlob = (names) => `apps/api/src/modules/${names.length === 1 ? names[0] : `{${names.join(',')}}`}/**`;
const tierZone = (module, forbidden, message) =>
  forbidden.length === 0
    ? []
    : [{ name: `api-tier-${module}`, target: moduleGlob([module]), from: moduleGlob(forbidden), message }];

function apiModuleZones() {
  const { records, workflows, views, tooling } = apiTiers;
  // One public face per module: whoever is outside a module (another module, app.ts, the jobs, the
  // composition root) imports its index.ts and nothing else of it. Tests may reach inside.
  const outside = ['apps/api/src/*.ts', `apps/api/src/{${apiSourceDirs.join(',')}}/**`];
  const publicFaces = apiModules.map((module) => ({
    name: `api-module-index-${module}`,
    target: [...outside, ...(apiModules.length > 1 ? [moduleGlob(apiModules.filter((other) => other !== module))] : [])],
    from: `apps/api/src/modules/${module}`,
    except: ['./index.ts'],
    message: `Import another module only through its index.ts (modules/${module}/index.ts), its public face.`,
  }));
  const tiers = [
    ...records.flatMap((record, i) =>
      tierZone(
        record,
        [...records.slice(0, i), ...workflows, ...views, ...tooling],
        'A record imports only the records listed after it in apiTiers (eslint.config.js), never a workflow, a view or tooling.',
      ),
    ),
    ...workflows.flatMap((workflow, i) =>
      tierZone(
        workflow,
        [...workflows.slice(0, i + 1).filter((other) => other !== workflow), ...views, ...tooling],
        'A workflow imports records and the workflows listed after it in apiTiers (eslint.config.js), never a view: its routes are handed the shape of their answer where they are registered.',
      ),
    ),
    ...views.flatMap((view) =>
      tierZone(
        view,
        [...workflows, ...views.filter((other) => other !== view), ...tooling],
        'A view only reads: it imports records, never a workflow, another view or tooling.',
      ),
    ),
    ...tooling.flatMap((tool) =>
      tierZone(
        tool,
        tooling.filter((other) => other !== tool),
        'Tooling imports records, not other tooling.',
      ),
    ),
  ];
  return [...publicFaces, ...tiers];
}

// Repositories every module may call inside its own transaction, by design, through the index of
// their module: the one writer of a submission's status (decision 017) and the one writer of the
// audit log.
export const sharedWriters = [
  'apps/api/src/modules/submissions/submission-status.repository.ts',
  'apps/api/src/modules/audit/audit.repository.ts',
];

// The tables whose status has one writer, and that writer.
const statusGates = [
  {
    table: 'submissions',
    gate: 'apps/api/src/modules/submissions/submission-status.repository.ts',
    message:
      'A submission status changes only through transitionSubmission (modules/submissions/submission-status.repository.ts, decision 017).',
  },
  {
    table: 'transactions',
    gate: 'apps/api/src/modules/payouts/payout-status.repository.ts',
    message:
      'A payout status changes only through transitionPayout (modules/payouts/payout-status.repository.ts, the payout lifecycle).',
  },
];

function statusWriteSelectors({ table, message }) {
  return [
    `CallExpression[callee.property.name='set'][callee.object.callee.property.name='update'][callee.object.arguments.0.name='${table}'] > ObjectExpression > Property[key.name='status']`,
    `TemplateElement[value.raw=/update\\s+"?${table}"?\\s+set\\b[\\s\\S]*\\bstatus\\s*=/i]`,
    `TaggedTemplateExpression:has(TemplateElement[value.raw=/update\\s*$/i]):has(Identifier[name='${table}']):has(TemplateElement[value.raw=/^\\s*set\\b[\\s\\S]*\\bstatus\\s*=/i])`,
  ].map((selector) => ({ selector, message }));
}

/** Everywhere but the gates, no status write at all; in each gate, none to another gate's table. */
function statusGateBlocks() {
  const everywhere = {
    files: ['apps/api/src/**/*.ts'],
    ignores: statusGates.map((g) => g.gate),
    rules: { 'no-restricted-syntax': ['error', ...statusGates.flatMap(statusWriteSelectors)] },
  };
  const inEachGate = statusGates.map((own) => ({
    files: [own.gate],
    rules: {
      'no-restricted-syntax': ['error', ...statusGates.filter((g) => g !== own).flatMap(statusWriteSelectors)],
    },
  }));
  return [everywhere, ...inEachGate];
}

// Layer rules that must see through relative paths and the "@/" alias alike, so they compare
// resolved files (import-x/no-restricted-paths) instead of import strings. Each zone has a name so
// that a known violation can switch off exactly that zone for exactly one file.
export const layerZones = [
  ...againstTheOthers(webFeatures, (feature, rest) => ({
    name: `web-feature-${feature}`,
    target: `apps/web/src/features/${feature}/**`,
    from: `apps/web/src/features/${rest}/**`,
    message: 'A feature never imports another feature; move shared code to src/components or src/lib.',
  })),
  {
    name: 'web-feature-app',
    target: 'apps/web/src/features/**',
    from: 'apps/web/src/app/**',
    message: 'Features never import the app layer.',
  },
  {
    name: 'web-shared',
    target: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    from: ['apps/web/src/features/**', 'apps/web/src/app/**'],
    message: 'Shared code never imports features or the app.',
  },
  ...apiModuleZones(),
  {
    name: 'api-plugin-module',
    target: 'apps/api/src/plugins/**',
    from: 'apps/api/src/modules/**',
    message: 'Plugins are infrastructure and never import modules; a module registers its own hooks.',
  },
  {
    name: 'api-config-schema',
    target: ['apps/api/src/config/**', 'apps/api/src/db/schema/**'],
    from: ['apps/api/src/modules/**', 'apps/api/src/adapters/**'],
    message:
      'Configuration and the database schema sit below every module and adapter and import neither: a constant or type they share lives in config/, db/schema or packages/domain.',
  },
  {
    name: 'api-routes-adapter',
    target: 'apps/api/src/**/*.routes.ts',
    from: 'apps/api/src/adapters/**',
    message: 'Routes speak HTTP only; the service (or a plugin) holds the adapter.',
  },
];

const layerRule = (zones) => ({
  'import-x/no-restricted-paths': ['error', { basePath: root, zones: zones.map(({ name: _name, ...zone }) => zone) }],
});
const layerSources = ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'];
const testFiles = ['**/*.test.ts', '**/*.test.tsx'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'apps/api/src/db/drizzle/**',
      // Written by npm run openapi from docs/openapi.json (openapi-typescript).
      'apps/web/src/lib/api-schema.d.ts',
      'test-results/**',
      'playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    ignores: ['packages/domain/**/*.test.ts'],
    rules: restrict({ regex: '^(?!zod(/|$)|\\.\\.?/)', message: 'packages/domain is pure: only zod and its own modules.' }),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict({ group: ['@assay/api', '@assay/api/*', '**/apps/api/**'], message: 'The web app never imports the server.' }),
    },
  },
  // Which feature may import which is a layer zone (below); this only keeps relative paths inside one feature.
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: restrict(
      { regex: '^(\\.\\./)+(features|app)/', message: 'Use the @/ alias inside your own feature only.' },
      { group: ['@assay/api', '**/apps/api/**'], message: 'The web app never imports the server.' },
    ),
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: restrict({ group: ['@assay/web', '**/apps/web/**'], message: 'The server never imports the web app.' }, ...noTestCode),
  },
  {
    files: ['apps/api/src/**/*.repository.ts'],
    rules: restrict(
      {
        group: ['**/*.service*', '**/*.routes*', '**/plugins/**', 'fastify'],
        message: 'Repositories only query: routes -> service -> repository.',
      },
      ...noTestCode,
    ),
  },
  {
    files: ['apps/api/src/**/*.service.ts'],
    rules: restrict(
      {
        group: ['**/*.routes*', 'fastify', 'fastify-plugin'],
        message: 'Services hold rules without HTTP: routes -> service -> repository.',
      },
      ...noTestCode,
    ),
  },
  // Import rules that need resolved paths: one resolver for the api, web ("@/" alias), domain and e2e.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x only follows files with these extensions (its default is .js alone).
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json', 'packages/domain/tsconfig.json', 'e2e/tsconfig.json'].map(
            (p) => `${root}/${p}`,
          ),
        }),
      ],
    },
  },
  // Type-aware rules for every TypeScript file (api, web, domain, tests, e2e, bench): a promise is
  // awaited, returned or marked `void` on purpose, and a switch over a union names every member.
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: root },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      // Off for now, each a decision of its own rather than this lint pass: the no-unsafe-* family
      // flags the `any` of parsed JSON in some 300 places (mostly tests); require-await flags Fastify
      // plugins that must be async by contract; no-unnecessary-type-assertion is autofixable but
      // touches 27 files (run `eslint --fix` with it on once the tree is quiet).
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Only false positives here: String() of a narrowed `unknown`, a `cleanup` function taken from
      // an object type written with method syntax, and a deliberate `ItemType | string` that
      // documents the accepted input.
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-redundant-type-constituents': 'off',
    },
  },
  {
    files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts'],
    ignores: testFiles,
    rules: {
      // Type-only imports are erased, so they cannot form a runtime cycle; node_modules is not ours.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: layerSources,
    ignores: testFiles,
    rules: layerRule(layerZones),
  },
  // config.ts and db/schema still read two things inside modules/compliance (the default screening
  // threshold, the OFAC list's row types) and stay below the modules; issue 26 item 3 makes them
  // import nothing from modules, and this exception goes with it.
  {
    files: ['apps/api/src/config.ts', 'apps/api/src/db/**/*.ts'],
    ignores: testFiles,
    rules: layerRule(layerZones.filter((zone) => zone.name !== 'api-module-index-compliance')),
  },
  // The status gates (decision 017): one function writes submissions.status and one writes
  // transactions.status (the payout lifecycle), so every move is a named transition of
  // packages/domain. Column lists that may hold a status are typed (SubmissionChanges,
  // PayoutChanges); these catch the literal shapes: a Drizzle .set({ status }) on the table, and
  // raw SQL that sets it. test/app/status-gate.test.ts shows they fire. Each gate file may write only
  // its own table's status.
  ...statusGateBlocks(),
);
