import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
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
    ],
  },
});
