// Serves the built React app: real files from the dist folder, the public pages rendered to HTML
// (issue 15), and index.html for every other page path so the browser's router can answer it
// (including its own 404 page).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const apiPrefixes = ['/api/', '/healthz', '/readyz'];

interface RenderedHtml {
  text: string;
  gzipped: Buffer;
}

/** What apps/web/src/entry-server.tsx exports, as its build (apps/web/dist-ssr) offers it. */
interface ServerRenderer {
  publicPagePaths: readonly string[];
  queryStateElementId: string;
  renderPublicPage(pathname: string, data: unknown): Promise<{ html: string; state: string }>;
}

export interface WebPluginOptions {
  distDir: string;
  /** What the public pages show (prices, payout rates, who Assay is), read when a page is asked for. */
  publicPageData?: () => Promise<unknown>;
  /** The request most likely comes from someone signed in: '/' is then their dashboard, not the landing page. */
  carriesSession?: (request: FastifyRequest) => Promise<boolean>;
}

const ssrEntryFile = (distDir: string) => path.join(path.dirname(distDir), 'dist-ssr', 'entry-server.js');

/**
 * The page template with the app's stylesheet inlined: a first paint needs no second request
 * (CSP allows inline styles, not inline scripts).
 */
function inlineStylesheets(html: string, distDir: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
    const css = path.join(distDir, file);
    return existsSync(css) ? `<style>${readFileSync(css, 'utf8')}</style>` : tag;
  });
}

export const webPlugin = fp(async (app: FastifyInstance, opts: WebPluginOptions) => {
  const indexFile = path.join(opts.distDir, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      // Nothing of the build's own bookkeeping (.vite/manifest.json) is a page's.
      dotfiles: 'ignore',
      // The build keeps source maps for the operator's error tracker (apps/web vite.config.ts
      // 'hidden'), not for every visitor: they would publish the app's source as written.
      allowedPath: (pathname) => !pathname.endsWith('.map'),
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
  const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : null;

  const ssrFile = ssrEntryFile(opts.distDir);
  const renderer =
    indexHtml && opts.publicPageData && existsSync(ssrFile)
      ? ((await import(pathToFileURL(ssrFile).href)) as ServerRenderer)
      : null;
  const template = indexHtml && renderer ? inlineStylesheets(indexHtml, opts.distDir) : null;
  // One rendering per page and data: a page changes only when the prices or the payout rates do.
  // It is gzipped then too (a phone on a slow link waits for every byte before the first paint,
  // and the inlined stylesheet makes the page large); nginx leaves gzipped answers as they are.
  const rendered = new Map<string, { key: string; page: Promise<RenderedHtml> }>();

  async function publicPage(pathname: string): Promise<RenderedHtml | null> {
    if (!renderer || !template || !opts.publicPageData) return null;
    const data = await opts.publicPageData();
    const key = createHash('sha1').update(JSON.stringify(data)).digest('base64url');
    let entry = rendered.get(pathname);
    if (entry?.key !== key) {
      const page = renderer.renderPublicPage(pathname, data).then(({ html, state }) => {
        const text = template.replace(
          '<div id="root"></div>',
          `<div id="root">${html}</div><script type="application/json" id="${renderer.queryStateElementId}">${state}</script>`,
        );
        return { text, gzipped: gzipSync(text) };
      });
      entry = { key, page };
      rendered.set(pathname, entry);
      page.catch(() => rendered.delete(pathname));
    }
    return entry.page;
  }

  const rendersOnServer = async (request: FastifyRequest, pathname: string) =>
    renderer !== null &&
    renderer.publicPagePaths.includes(pathname) &&
    !(pathname === '/' && (await opts.carriesSession?.(request)));

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = apiPrefixes.some((p) => pathname === p.replace(/\/$/, '') || pathname.startsWith(p));
    // A file of the build that is not there (a page of an older deploy asks for its old chunk, or a
    // source map) is a 404, not the page: a browser would try to run the HTML as a script.
    const isBuildFile = pathname.startsWith('/assets/') || pathname.endsWith('.map');
    if (indexHtml && !isBuildFile && (request.method === 'GET' || request.method === 'HEAD') && !isApi) {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      let page: RenderedHtml | null = null;
      if (await rendersOnServer(request, pathname)) {
        try {
          page = await publicPage(pathname);
        } catch (error) {
          // The browser can still render the page itself: a visitor sees it a moment later.
          request.log.error({ err: error, pathname }, 'server rendering of a public page failed');
        }
      }
      if (!page) return reply.send(indexHtml);
      reply.header('vary', 'accept-encoding');
      if (!/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.send(page.text);
      return reply.header('content-encoding', 'gzip').send(page.gzipped);
    }
    return reply.status(404).send({ statusCode: 404, error: 'NOT_FOUND', message: `No route for ${request.method} ${pathname}` });
  });
});
