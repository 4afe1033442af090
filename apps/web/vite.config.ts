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
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: { proxy },
  preview: { proxy },
});
