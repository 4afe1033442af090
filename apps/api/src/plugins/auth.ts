// The Fastify side of accounts: better-auth's routes under AUTH_BASE_PATH pass through one
// catch-all route, and every request gets `request.user` and the guards. Who someone is, and
// every account rule, is the identity service's (modules/users/identity.ts, in app.ctx). It also
// subscribes to the app's change listener (plugins/change-signals.ts) for changes
// to sessions and accounts, which is what lets the identity service answer from memory (its
// session cache is live only while the listener is connected).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Actor, assertAppraiser } from '../access/actor.ts';
import { AUTH_BASE_PATH } from '../access/identity-paths.ts';
import type { AppContext } from '../context.ts';
import { mustEnrolSecondFactor, needsStepUp, secondFactorRequired, stepUpRequired } from '../access/second-factor.ts';
import { AppError, unauthorized } from '../lib/app-error.ts';
import { identityRouteDocs } from './api-docs.ts';
import { checkIdentityInput, identityRouteKey } from './identity-input.ts';
import { humaniseIdentityError, identitySentences, rateLimitedSentence } from './identity-messages.ts';
// The `rateLimit` route option below is typed by this package; say so here, not only in app.ts.
import type {} from '@fastify/rate-limit';

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved lazily by `app.authenticate`; null for visitors. */
    user: Actor | null;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<Actor | null>;
    requireUser(request: FastifyRequest): Promise<Actor>;
    /** An appraiser, who has enrolled an authenticator app wherever that is required (decision 026). */
    requireAdmin(request: FastifyRequest): Promise<Actor>;
    /**
     * An appraiser whose session proved the second factor within the last minutes, where they
     * have one (or must): 403 STEP_UP_REQUIRED otherwise, and the browser asks for a code.
     */
    requireStepUp(request: FastifyRequest): Promise<Actor>;
    /**
     * After a request that may have changed its own session or account (signing out, revoking
     * sessions, a new password): this process forgets the caller's sessions, and the answer waits
     * until the database's signal of the change has been delivered, so that every instance has
     * heard it before the person can ask another one.
     */
    sessionsChangedBy(request: FastifyRequest): Promise<void>;
  }
}

/** What an admitted sign-in try hands back when the password proves right. */
type SignInTicket = Parameters<AppContext['identity']['passwordAccepted']>[0];

/** The request's headers as better-auth reads them (its direct `auth.api` calls take these too). */
export function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  // better-auth rate-limits by client address; Fastify already knows it (honouring trustProxy).
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

/**
 * A password sign-in names its account in the body; counted for the account and the client's
 * address (request.ip: after proxy trust) before better-auth checks it. The route is recognised
 * the way better-auth will route it (identityRouteKey resolves dot segments), so
 * `/api/identity/x/../sign-in/email` is counted too.
 */
async function throttleSignIn(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<SignInTicket | null> {
  if (identityRouteKey(request.method, request.url, AUTH_BASE_PATH) !== 'POST /sign-in/email') return null;
  const email = (request.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string' || email.trim() === '') return null;
  const admission = await app.ctx.identity.admitPasswordSignIn(email, request.ip, app.ctx.clock.now());
  if (!admission.admitted) {
    reply.header('retry-after', String(admission.retryAfterSeconds));
    throw new AppError('TOO_MANY_REQUESTS', admission.message, { retryAfterSeconds: admission.retryAfterSeconds });
  }
  return admission.ticket;
}

async function forward(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, sentences: Record<string, string>) {
  const { identity, config } = app.ctx;
  const signInTicket = await throttleSignIn(app, request, reply);
  const url = new URL(request.url, config.publicUrl);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const handle = () =>
    identity.auth.handler(
      new Request(url, {
        method: request.method,
        headers: toFetchHeaders(request),
        body: hasBody ? JSON.stringify(request.body) : undefined,
      }),
    );
  const startsEnrolment = identityRouteKey(request.method, request.url, AUTH_BASE_PATH) === 'POST /two-factor/enable';
  const response = startsEnrolment
    ? await identity.enrolOneAtATime({ cookies: request.cookies, headers: () => toFetchHeaders(request) }, handle)
    : await handle();
  if (request.method !== 'GET') await app.sessionsChangedBy(request);
  const raw = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  const humane = raw && humaniseIdentityError(response.status, response.headers.get('content-type'), raw, sentences);
  // Only the right password (even for an address not yet confirmed) takes the try back; a refusal
  // for any other reason (a foreign origin, say) leaves it counted.
  if (signInTicket && (response.ok || humane?.error === 'EMAIL_NOT_VERIFIED')) await identity.passwordAccepted(signInTicket);
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const retryAfter = Number(response.headers.get('x-retry-after'));
  if (response.status === 429 && humane && Number.isInteger(retryAfter) && retryAfter > 0) {
    reply.header('retry-after', String(retryAfter));
    humane.message = rateLimitedSentence(retryAfter);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  return reply.send(humane ?? raw);
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const sentences = identitySentences(app.ctx.config.publicUrl);
    app.decorateRequest('user', null);

    app.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      config: { rateLimit: false },
      schema: identityRouteDocs(AUTH_BASE_PATH),
      preValidation: checkIdentityInput(AUTH_BASE_PATH),
      handler: (request, reply) => forward(app, request, reply, sentences),
    });

    const resolved = new WeakSet<FastifyRequest>();
    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (resolved.has(request)) return request.user;
      resolved.add(request);
      request.user = await app.ctx.identity.sessionActor({ cookies: request.cookies, headers: () => toFetchHeaders(request) });
      return request.user;
    });
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const user = await app.authenticate(request);
      if (!user) throw unauthorized();
      return user;
    });
    const { secondFactorPolicy } = app.ctx.identity;
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const user = await app.requireUser(request);
      assertAppraiser(user);
      if (mustEnrolSecondFactor(user, secondFactorPolicy)) throw secondFactorRequired();
      return user;
    });
    app.decorate('requireStepUp', async (request: FastifyRequest) => {
      const user = await app.requireAdmin(request);
      if (needsStepUp(user, secondFactorPolicy, app.ctx.clock.now())) throw stepUpRequired();
      return user;
    });

    const { sessionCache } = app.ctx.identity;
    app.decorate('sessionsChangedBy', async (request: FastifyRequest) => {
      const hadSession = await app.ctx.identity.sessionChangedBy(request.cookies);
      if (hadSession && sessionCache.isLive) await app.changes.caughtUp();
    });
    // Live only while the app hears every account change (decision 020); dark and empty otherwise.
    app.changes.subscribe({
      onSignal: (signal) => signal.topic === 'account' && sessionCache.forgetUser(signal.userId),
      onListening: () => sessionCache.goLive(),
      onLost: () => sessionCache.goDark(),
    });
  },
  { name: 'auth', dependencies: ['change-signals'] },
);
