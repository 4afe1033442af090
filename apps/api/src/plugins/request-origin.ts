// Cross-site request forgery, second lock: SameSite=Lax cookies are the first. A state-changing
// call to the app's own API must come from one of Assay's own pages, as the browser's Origin header
// (or, failing that, Referer) tells. better-auth checks its own routes under /api/identity the same
// way, against the same list (config.allowedOrigins).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_BASE_PATH } from '../access/identity-paths.ts';
import { AppError } from '../lib/app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null {
  if (!value || value === 'null') return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

export type OriginVerdict = 'allowed' | 'foreign' | 'unknown';

/**
 * Where a request says it comes from, judged against the allowed origins. A request with neither
 * header is 'unknown': browsers always send Origin on these methods, so only a non-browser client
 * (a script with its own credentials) arrives that way.
 */
export function judgeRequestOrigin(headers: FastifyRequest['headers'], allowed: ReadonlySet<string>): OriginVerdict {
  const origin = headers.origin;
  const claimed = origin !== undefined ? originOf(origin) : originOf(headers.referer);
  if (claimed === null) return origin === undefined && headers.referer === undefined ? 'unknown' : 'foreign';
  return allowed.has(claimed) ? 'allowed' : 'foreign';
}

export const requestOriginPlugin = fp(
  async (app: FastifyInstance, opts: { allowedOrigins: string[]; publicUrl: string }) => {
    const allowed = new Set(opts.allowedOrigins);
    const site = new URL(opts.publicUrl).origin;
    // A callback hook, not an async one: every request passes it, most of them a safe method.
    app.addHook('onRequest', (request, _reply, done) => {
      if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/') || request.url.startsWith(`${AUTH_BASE_PATH}/`))
        return done();
      const verdict = judgeRequestOrigin(request.headers, allowed);
      // A cookie is what a forged request would borrow; without one there is nothing to forge.
      if (verdict === 'foreign' || (verdict === 'unknown' && request.headers.cookie)) {
        return done(
          new AppError(
            'FORBIDDEN',
            `This request did not come from an Assay page, so it was refused. Open ${site} in your browser and try again from there.`,
          ),
        );
      }
      done();
    });
  },
  { name: 'request-origin' },
);
