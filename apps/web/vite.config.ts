import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The API server (apps/api) listens here in development; `vite preview` reuses the same proxy.
const apiTarget = 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: apiTarget },
  '/healthz': { target: apiTarget },
  '/readyz': { target: apiTarget },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // Same alias as tsconfig.json "paths": "@/*" -> "./src/*".
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // packages/domain is pure (rules and zod schemas, no side effects), but its package.json
        // does not say so. Saying it here lets the bundler follow the barrel's re-exports, so a
        // visitor's first load carries only the rules the landing page uses (issue 3 budget), and
        // the schemas of signed-in pages travel with those pages. Other modules keep the default.
        moduleSideEffects: (id) => (id.includes('/packages/domain/src/') ? false : undefined),
      },
    },
  },
  // The server-rendering build (entry-server.tsx, into dist-ssr) carries its dependencies, so the
  // API process loads one self-contained module whatever node_modules it runs beside.
  ssr: { noExternal: true },
  server: { proxy },
  preview: { proxy },
});
