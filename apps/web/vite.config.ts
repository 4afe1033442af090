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
    // dist/.vite/manifest.json: what each module's chunk imports (bench/landing-bundle.bench.ts).
    manifest: true,
    // Every browser the app supports knows <link rel="modulepreload">; the polyfill would only
    // add to the first load.
    modulePreload: { polyfill: false },
    // Written for the operator's error tracker, not referenced from the files nor served
    // (plugins/web.ts): the app's source stays off the public site.
    sourcemap: 'hidden',
    rolldownOptions: {
      treeshake: {
        // packages/domain is pure (rules and zod schemas, no side effects), but its package.json
        // does not say so. Saying it here lets the bundler follow the barrel's re-exports, so a
        // visitor's first load carries only the rules the landing page uses (issue 3 budget), and
        // the schemas of signed-in pages travel with those pages. Other modules keep the default.
        moduleSideEffects: (id) => (id.includes('/packages/domain/src/') ? false : undefined),
      },
      output: {
        // One chunk for what every page starts with (React, the query cache, the router, class
        // merging, the icon base, and the few components and helpers of the app's own first render):
        // one file instead of a dozen small ones, each gzipped on its own. Mutations and infinite
        // queries stay out: only signed-in pages and forms use them; so does openapi-fetch
        // (lib/api-transport.ts), which lib/api.ts loads on the first call.
        codeSplitting: {
          groups: [
            // Vite's helper that preloads a lazy chunk's imports, in a chunk of its own: where it
            // would otherwise live (the entry's chunk), every lazy chunk importing it would count
            // the entry's stylesheet among its dependencies and fetch it again on a page that has
            // it inline.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/ },
            {
              name: 'shell',
              test: new RegExp(
                [
                  /node_modules[\\/](?:react|react-dom|scheduler|wouter|regexparam|use-sync-external-store|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-slot)[\\/]/,
                  /node_modules[\\/]@tanstack[\\/](?:query-core|react-query)[\\/](?!.*(?:[mM]utation|[iI]nfinite))/,
                  /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/,
                  /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](?:loader-circle|circle-exclamation-point)\.mjs$/,
                  /[\\/]src[\\/](?:lib[\\/](?:paths|utils|api-client|api)|components[\\/]ui[\\/](?:button|spinner|alert)|features[\\/]auth[\\/]lib[\\/]navigation)\.tsx?$/,
                ]
                  .map((part) => part.source)
                  .join('|'),
              ),
            },
          ],
        },
      },
    },
  },
  // The server-rendering build (entry-server.tsx, into dist-ssr) carries its dependencies, so the
  // API process loads one self-contained module whatever node_modules it runs beside.
  ssr: { noExternal: true },
  server: { proxy },
  preview: { proxy },
});
