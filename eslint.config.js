// Lint, and the import rules of ARCHITECTURE.md: domain <- api, domain <- web; in web, shared dirs
// -> features -> app with no feature importing another; in api, routes -> service -> repository.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});
const noTestCode = [
  { group: ['**/test/**', '**/seed/**', '**/e2e/**', '**/bench/**', '**/testing/**'], message: 'Production code never imports tests, seed, e2e or bench.' },
];

const webFeatures = (() => {
  try {
    return readdirSync('apps/web/src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
})();

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/api/src/db/drizzle/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
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
      ...restrict(
        { group: ['@assay/api', '@assay/api/*', '**/apps/api/**'], message: 'The web app never imports the server.' },
      ),
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: restrict(
      { group: ['@/features/*', '@/app/*', '**/features/**', '**/app/**'], message: 'Shared code never imports features or the app.' },
      { group: ['@assay/api', '**/apps/api/**'], message: 'The web app never imports the server.' },
    ),
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: restrict(
      { regex: `^@/features/(?!${feature}/)`, message: 'A feature never imports another feature; move shared code to src/components or src/lib.' },
      { regex: '^(\\.\\./)+(features|app)/', message: 'Use the @/ alias inside your own feature only.' },
      { group: ['@/app/*'], message: 'Features never import the app layer.' },
      { group: ['@assay/api', '**/apps/api/**'], message: 'The web app never imports the server.' },
    ),
  })),
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: restrict(
      { group: ['@assay/web', '**/apps/web/**'], message: 'The server never imports the web app.' },
      ...noTestCode,
    ),
  },
  {
    files: ['apps/api/src/**/*.repository.ts'],
    rules: restrict(
      { group: ['**/*.service*', '**/*.routes*', '**/plugins/**', 'fastify'], message: 'Repositories only query: routes -> service -> repository.' },
      ...noTestCode,
    ),
  },
  {
    files: ['apps/api/src/**/*.service.ts'],
    rules: restrict(
      { group: ['**/*.routes*', 'fastify', 'fastify-plugin'], message: 'Services hold rules without HTTP: routes -> service -> repository.' },
      ...noTestCode,
    ),
  },
  {
    // The status gate (decision 017): one function writes submissions.status, so every move is a
    // named transition of packages/domain. Column lists that may hold a status are typed
    // (SubmissionChanges); these catch the literal shapes: a Drizzle .set({ status }) on
    // submissions, and raw SQL that sets it. test/status-gate.test.ts shows they fire.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/modules/submissions/submission-status.repository.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.property.name='set'][callee.object.callee.property.name='update'][callee.object.arguments.0.name='submissions'] > ObjectExpression > Property[key.name='status']",
          'TemplateElement[value.raw=/update\\s+"?submissions"?\\s+set\\b[\\s\\S]*\\bstatus\\s*=/i]',
          "TaggedTemplateExpression:has(TemplateElement[value.raw=/update\\s*$/i]):has(Identifier[name='submissions']):has(TemplateElement[value.raw=/^\\s*set\\b[\\s\\S]*\\bstatus\\s*=/i])",
        ].map((selector) => ({
          selector,
          message: 'A submission status changes only through transitionSubmission (modules/submissions/submission-status.repository.ts, decision 017).',
        })),
      ],
    },
  },
);
