import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));

// Component tests that replace a module (vi.mock) get a module graph of their own: in a shared one,
// a module imported earlier by another file keeps the real import, and a mock would leak onward.
const componentTestsThatMock = (readdirSync(webSrc, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.tsx') && /\bvi\.mock\(/.test(readFileSync(path.join(webSrc, file), 'utf8')))
  .map((file) => `src/${file.split(path.sep).join('/')}`);

/** Components (*.test.tsx) rendered in jsdom, against a mock API (MSW) where they call one: apps/web/src/testing. */
const componentTests = (name: string, files: { include: string[]; exclude?: string[] }, isolate: boolean) =>
  ({
    // Same "@/*" alias as apps/web's tsconfig and vite config.
    resolve: { alias: { '@': webSrc } },
    test: {
      name,
      root: 'apps/web',
      include: files.include,
      exclude: [...configDefaults.exclude, ...(files.exclude ?? [])],
      environment: 'jsdom',
      setupFiles: ['src/testing/setup-dom.ts'],
      isolate,
      // Rendering and typing in jsdom is slow on a busy machine.
      testTimeout: 20_000,
    },
  }) satisfies TestProjectInlineConfiguration;

export default defineConfig({
  test: {
    // Every core (vitest's default leaves one for itself, which on 2 cores means one worker).
    maxWorkers: '100%',
    // The default output, then where the run's time went (wall, per project, the slowest files and
    // tests), so that CI's log shows which files made the suite slow.
    reporters: ['default', './apps/api/test/support/time-report.ts'],
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'], environment: 'node' } },
      // The local production stack's own rules (nginx's configuration, the chaos proof's verdict).
      { test: { name: 'stack', root: 'stack', include: ['**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One module graph per worker instead of one per file: importing the app costs seconds.
          // Safe because test apps share no module state, and databases are reused only emptied.
          isolate: false,
          // Migrates one PGlite and one PostgreSQL database per run; each test app starts from a copy.
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
      {
        // Same "@/*" alias as apps/web's tsconfig and vite config.
        resolve: { alias: { '@': webSrc } },
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      // One module graph per worker instead of one per file: importing React, the router and the
      // components again for each of 38 files was two thirds of this project's CPU.
      // Safe because every render builds its own QueryClient and router, and setup-dom.ts empties
      // the DOM, the toasts and the mock API's handlers after each test.
      componentTests('web-dom', { include: ['src/**/*.test.tsx'], exclude: componentTestsThatMock }, false),
      ...(componentTestsThatMock.length > 0 ? [componentTests('web-dom-mocks', { include: componentTestsThatMock }, true)] : []),
    ],
  },
});
