import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        // Components (*.test.tsx) rendered in jsdom, against a mock API (MSW) where they call one: apps/web/src/testing.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web-dom',
          root: 'apps/web',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/testing/setup-dom.ts'],
          // Rendering and typing in jsdom is slow on a busy machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
