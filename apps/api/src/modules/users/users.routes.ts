import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUserSchema, stepUpBodySchema } from '@assay/domain';
import { mustEnrolSecondFactor } from '../../access/second-factor.ts';
import { adminOnly } from '../../access/route-guards.ts';
import { z } from 'zod';
import { signInPagePath, startProviderSignIn } from './provider-sign-in.service.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';
import { toFetchHeaders } from '../../plugins/auth.ts';

/** Only same-site paths: an open redirect would let a phishing link bounce through our sign-in. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  return value;
}

export async function usersRoutes(app: FastifyInstance, opts: { oidcEnabled: boolean }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/login',
    {
      schema: {
        tags: ['account'],
        summary: 'Redirects to the sign-in page or the identity provider, then back to returnTo.',
        querystring: z.object({ returnTo: z.string().max(2000).optional() }),
      },
    },
    async (request, reply) => {
      const returnTo = safeReturnPath(request.query.returnTo);
      if (opts.oidcEnabled) {
        const started = await startProviderSignIn(app.ctx.identity.auth, returnTo);
        // The state cookie must reach the browser with the redirect: the callback checks it.
        if (started.cookies.length) reply.header('set-cookie', started.cookies);
        return reply.redirect(started.url);
      }
      return reply.redirect(signInPagePath(returnTo));
    },
  );

  r.get(
    '/api/logout',
    { schema: { tags: ['account'], summary: 'Signs out and redirects to the home page.' } },
    async (request, reply) => {
      const headers = new Headers();
      if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
      const result = await app.ctx.identity.auth.api.signOut({ headers, returnHeaders: true }).catch(() => null);
      await app.sessionsChangedBy(request);
      const cookies = result?.headers.getSetCookie() ?? [];
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.redirect('/');
    },
  );

  r.get(
    '/api/auth/user',
    {
      schema: {
        tags: ['account'],
        summary: 'Shows the signed-in person.',
        security: SIGNED_IN,
        response: { 200: currentUserSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await app.requireUser(request);
      return { ...user, mustEnrolSecondFactor: mustEnrolSecondFactor(user, app.ctx.identity.secondFactorPolicy) };
    },
  );

  r.post(
    '/api/auth/step-up',
    {
      onRequest: adminOnly(app),
      // Each wrong code is a guess at six digits: a few a minute per person is plenty for typing.
      config: { rateLimit: { max: 10, timeWindow: 60_000, keyGenerator: (request) => request.user?.id ?? request.ip } },
      schema: {
        tags: ['admin'],
        summary: "Confirms a code from the appraiser's authenticator app for the next 10 minutes of decisions.",
        description:
          'Approving an identity, clearing a sanctions match, changing payout rates, creating an ACH batch and marking a payout ' +
          'sent answer 403 STEP_UP_REQUIRED without a code confirmed here in the last 10 minutes.',
        security: SIGNED_IN,
        body: stepUpBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await app.ctx.identity.proveSecondFactor(
        { cookies: request.cookies, headers: () => toFetchHeaders(request) },
        request.body.code,
      );
      // Every instance must have forgotten the session it remembers before the next request.
      await app.sessionsChangedBy(request);
      return reply.status(204).send(null);
    },
  );
}
