// Helmet's security headers on every response, computed once instead of once per request.
// @fastify/helmet in its global mode calls helmet(options) inside every request, which rebuilds
// the whole middleware (the CSP string included): measured here at 40-90 µs a request, about as
// much as the rest of a small JSON route (bench/pricing.bench.ts). With a fixed configuration and
// no CSP nonces the headers never change, so they are taken once from helmet itself and copied.
// (Per-route helmet options and reply.helmet() are therefore not available; nothing uses them.)
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fp from 'fastify-plugin';

/** Assay's helmet configuration: a strict same-origin CSP for the single-page app. */
export function securityHeaderOptions(production: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    hsts: production,
  };
}

/**
 * The headers helmet sets for `options`, asked of helmet itself once: a throwaway Fastify app with
 * @fastify/helmet answers one injected request, and whatever it adds over a plain app is kept.
 */
export async function computeSecurityHeaders(options: FastifyHelmetOptions): Promise<[string, string | string[]][]> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(fastifyHelmet, options);
    probe.get('/', async () => '');
    const res = await probe.inject('/');
    await probe.close();
    return res.headers;
  };
  const plain = await answer(false);
  const helmeted = await answer(true);
  return Object.entries(helmeted)
    .filter(([name]) => !(name in plain))
    .map(([name, value]) => [name, Array.isArray(value) ? value : String(value)]);
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: { production: boolean }) => {
    const headers = await computeSecurityHeaders(securityHeaderOptions(opts.production));
    // One cheap hook instead of @fastify/helmet's two (one async), and no per-request rebuild. Set
    // on the reply, not on the raw response: a single raw setHeader would push every other header
    // of the answer through Node's slow path in writeHead. From a ready list rather than with
    // reply.headers(object), which lists the object's keys again on every request.
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.header(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
