// Serves the built React app: real files from the dist folder, and index.html for every other
// page path so the browser's router can answer it (including its own 404 page).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const apiPrefixes = ['/api/', '/healthz', '/readyz'];

export const webPlugin = fp(async (app: FastifyInstance, opts: { distDir: string }) => {
  const indexFile = path.join(opts.distDir, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // Vite fingerprints asset names, so they never change under the same URL.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  } else {
    app.log.warn({ distDir: opts.distDir }, 'web app is not built; run `npm run build` to serve pages');
  }
  const indexHtml = hasWeb ? readFileSync(indexFile) : null;

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = apiPrefixes.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p));
    if (indexHtml && (request.method === 'GET' || request.method === 'HEAD') && !isApi) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send({ statusCode: 404, error: 'NOT_FOUND', message: `No route for ${request.method} ${pathname}` });
  });
});
