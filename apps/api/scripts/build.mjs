// Bundles the server (with the shared domain package) into dist/, leaving npm packages external,
// and ships the SQL migrations beside it. The operator's commands are bundled too, since the image
// (deploy/Dockerfile) has neither tsx nor the sources: `node apps/api/dist/<command>.js` there is
// what `npm run <command>` is from source.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync('dist', { recursive: true, force: true });
await build({
  // pglite-thread: the embedded database's worker thread, which src/db/pglite-thread-client.ts starts from beside the bundle.
  entryPoints: {
    server: 'src/server.ts',
    worker: 'src/worker.ts',
    admin: 'scripts/admin.ts',
    keys: 'scripts/keys.ts',
    migrate: 'scripts/migrate.ts',
    'sanctions-load': 'scripts/sanctions-load.ts',
    seed: 'seed/seed.ts',
    'pglite-thread': 'src/db/pglite-thread.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(manifest.dependencies ?? {}).concat(['zod']),
  logLevel: 'warning',
});
cpSync('src/db/drizzle', 'dist/drizzle', { recursive: true });
