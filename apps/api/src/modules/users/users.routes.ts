import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUserSchema } from '@assay/domain';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';

/** Only same-site paths: an open redirect would let a phishing link bounce through our sign-in. */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  return value;
}

export async function usersRoutes(app: FastifyInstance, opts: { oidcEnabled: boolean; publicUrl: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/login',
    { schema: { querystring: z.object({ returnTo: z.string().max(2000).optional() }) } },
    async (request, reply) => {
      const returnTo = safeReturnPath(request.query.returnTo);
      if (opts.oidcEnabled) {
        // The state cookie better-auth sets here must reach the browser with the redirect.
        const started = await app.auth.handler(
          new Request(new URL('/api/identity/sign-in/oauth2', opts.publicUrl), {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: new URL(opts.publicUrl).origin },
            body: JSON.stringify({ providerId: 'oidc', callbackURL: returnTo }),
          }),
        );
        const { url } = (await started.json()) as { url?: string };
        if (!started.ok || !url) throw new AppError('SERVICE_UNAVAILABLE', 'Sign-in with the identity provider is not available right now.');
        const cookies = started.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        return reply.redirect(url);
      }
      return reply.redirect(`/login?returnTo=${encodeURIComponent(returnTo)}`);
    },
  );

  r.get('/api/logout', async (request, reply) => {
    const headers = new Headers();
    if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
    const result = await app.auth.api.signOut({ headers, returnHeaders: true }).catch(() => null);
    const cookies = result?.headers.getSetCookie() ?? [];
    if (cookies.length) reply.header('set-cookie', cookies);
    return reply.redirect('/');
  });

  r.get('/api/auth/user', { schema: { response: { 200: currentUserSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return app.requireUser(request);
  });
}
