import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUserSchema } from '@assay/domain';
import { z } from 'zod';
import { signInPagePath, startProviderSignIn } from './provider-sign-in.service.ts';
import { SIGNED_IN } from '../../plugins/api-docs.ts';

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
      return app.requireUser(request);
    },
  );
}
