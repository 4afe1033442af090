// Accounts are better-auth's (email + password, password reset, optional OpenID Connect), mounted
// under /api/identity. This plugin bridges Fastify to it and gives every request `request.user`.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@assay/domain';
import fp from 'fastify-plugin';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Config, Secrets } from '../config.ts';
import type { Db } from '../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../db/schema/index.ts';
import { type Actor, assertAppraiser } from '../access/actor.ts';
import { AppError, unauthorized } from '../lib/app-error.ts';
import { enqueueEmail } from '../modules/notifications/outbox.repository.ts';
import { existingAccountSignUpMessage, resetPasswordMessage, verifyEmailMessage } from '../modules/users/account-emails.ts';
import { setAdminFlag } from '../modules/users/users.repository.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../modules/users/password-policy.ts';
import { accountKeyOf, clearSignInAttempts, countSignInAttempt } from '../modules/users/sign-in-throttle.repository.ts';
import { judgeSignInAttempt, tooManyAttemptsMessage } from '../modules/users/sign-in-throttle.ts';
import { humaniseIdentityError, identitySentences } from './identity-messages.ts';
import { namesFromClaims } from '../modules/users/provider-names.ts';
import { identityLogger } from '../lib/logger.ts';
import { checkIdentityInput, identityRouteKey } from './identity-input.ts';
import { identityRouteDocs } from './api-docs.ts';
// The `rateLimit` route option below is typed by this package; say so here, not only in app.ts.
import type {} from '@fastify/rate-limit';

/** The signed-in person: the one actor type of access/actor.ts. */
export type CurrentUser = Actor;

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolved lazily by `app.authenticate`; null for visitors. */
    user: CurrentUser | null;
  }
  interface FastifyInstance {
    auth: ReturnType<typeof createAuth>;
    authenticate(request: FastifyRequest): Promise<CurrentUser | null>;
    requireUser(request: FastifyRequest): Promise<CurrentUser>;
    requireAdmin(request: FastifyRequest): Promise<CurrentUser>;
  }
}

export type Auth = ReturnType<typeof createAuth>;

export const AUTH_BASE_PATH = '/api/identity';
/** better-auth's id for the configured OpenID Connect provider; its callback is AUTH_BASE_PATH/callback/oidc. */
export const OIDC_PROVIDER_ID = 'oidc';
/** Where a failed provider sign-in lands (with ?error=<code>): the sign-in page explains it. */
export const SIGN_IN_PAGE = '/login';

/** better-auth's routes where a new password is chosen, and the body field that carries it. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

export function createAuth(db: Db, config: Config, secrets: Secrets, log: FastifyBaseLogger) {
  const adminEmails = new Set(config.adminEmails);
  return betterAuth({
    appName: 'Assay',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: secrets.sessionSecret,
    trustedOrigins: config.allowedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await enqueueEmail(db, resetPasswordMessage(user.email, url));
      },
      // Sign-up answers the same whether or not the address has an account (no session either way),
      // so it cannot be used to learn who sells with us; the owner hears of the attempt instead.
      requireEmailVerification: true,
      async onExistingUserSignUp({ user }) {
        await enqueueEmail(db, existingAccountSignUpMessage(user.email, config.publicUrl));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        await enqueueEmail(db, verifyEmailMessage(user.email, url));
      },
      // The proof that the person holds the address: only now may ADMIN_EMAILS make it an admin.
      async afterEmailVerification(user) {
        if (adminEmails.has(user.email.toLowerCase())) await setAdminFlag(db, user.id, true);
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
        isAdmin: { type: 'boolean', required: false, input: false, defaultValue: false },
        isPremium: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // Off on purpose: a cached session cookie stays valid after sign-out or revocation for its
      // whole max age; every request checks the sessions table instead (docs/decisions/002).
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 5 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 3 },
        '/reset-password': { window: 60, max: 5 },
      },
    },
    advanced: {
      // Explicit, because better-auth switches these checks off by itself under NODE_ENV=test.
      disableCSRFCheck: false,
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: () => crypto.randomUUID() },
    },
    hooks: {
      // Every way a password is chosen passes the same list, inside better-auth so that direct
      // auth.api calls are held to it too.
      before: createAuthMiddleware(async (ctx) => {
        const field = NEW_PASSWORD_FIELDS[ctx.path];
        const chosen = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
        if (typeof chosen === 'string' && isCommonPassword(chosen)) {
          throw new APIError('BAD_REQUEST', { message: COMMON_PASSWORD_MESSAGE, code: 'PASSWORD_TOO_COMMON' });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            const clean = (v: unknown) => (typeof v === 'string' ? v.trim() : undefined);
            const firstName = clean(user.firstName);
            const lastName = clean(user.lastName);
            if ((firstName?.length ?? 0) > NAME_MAX_LENGTH || (lastName?.length ?? 0) > NAME_MAX_LENGTH) {
              throw new APIError('BAD_REQUEST', { message: `Names can be at most ${NAME_MAX_LENGTH} characters.` });
            }
            return {
              data: {
                ...user,
                firstName: firstName || null,
                lastName: lastName || null,
                // A password sign-up is never verified yet; an identity provider's may be.
                isAdmin: adminEmails.has(user.email.toLowerCase()) && user.emailVerified === true,
                isPremium: false,
              },
            };
          },
        },
      },
    },
    plugins: config.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: OIDC_PROVIDER_ID,
                discoveryUrl: `${config.oidc.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                clientId: config.oidc.clientId,
                clientSecret: config.oidc.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                // emailVerified is not mapped here on purpose: better-auth takes it from the
                // provider's email_verified claim, and ADMIN_EMAILS (above) depends on it.
                mapProfileToUser: (profile) => namesFromClaims(profile),
              },
            ],
          }),
        ]
      : [],
    logger: identityLogger(log),
    // A provider callback that fails before Assay knows where the person came from (no or forged
    // state) lands on the sign-in page too, instead of better-auth's own error page. An unexpected
    // error (a failed query) reaches Fastify's error handler and its safe log, instead of
    // better-call printing it whole, query values included, on the console.
    onAPIError: { errorURL: SIGN_IN_PAGE, throw: true },
  });
}

function toFetchHeaders(request: FastifyRequest): Headers {
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
 * A password sign-in names its account in the body; counted before better-auth checks it. The
 * route is recognised the way better-auth will route it (identityRouteKey resolves dot segments),
 * so `/api/identity/x/../sign-in/email` is counted too.
 */
async function throttleSignIn(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
  if (identityRouteKey(request.method, request.url, AUTH_BASE_PATH) !== 'POST /sign-in/email') return null;
  const email = (request.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string' || email.trim() === '') return null;
  const key = accountKeyOf(email);
  const now = new Date();
  const verdict = judgeSignInAttempt(await countSignInAttempt(db, key, now), now);
  if (!verdict.allowed) {
    reply.header('retry-after', String(verdict.retryAfterSeconds));
    throw new AppError('TOO_MANY_REQUESTS', tooManyAttemptsMessage(verdict.retryAfterSeconds), {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
  return key;
}

async function forward(
  auth: Auth,
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  sentences: Record<string, string>,
) {
  const signInKey = await throttleSignIn(db, request, reply);
  const url = new URL(request.url, config.publicUrl);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const response = await auth.handler(
    new Request(url, {
      method: request.method,
      headers: toFetchHeaders(request),
      body: hasBody ? JSON.stringify(request.body) : undefined,
    }),
  );
  const raw = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  const humane = raw && humaniseIdentityError(response.status, response.headers.get('content-type'), raw, sentences);
  // Only the right password (even for an address not yet confirmed) ends the count of guesses; a
  // refusal for any other reason (a foreign origin, say) must not wipe it.
  if (signInKey && (response.ok || humane?.error === 'EMAIL_NOT_VERIFIED')) await clearSignInAttempts(db, signInKey);
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  return reply.send(humane ?? raw);
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; config: Config; secrets: Secrets }) => {
    const auth = createAuth(opts.db, opts.config, opts.secrets, app.log);
    const sentences = identitySentences(opts.config.publicUrl);
    app.decorate('auth', auth);
    app.decorateRequest('user', null);

    app.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      config: { rateLimit: false },
      schema: identityRouteDocs(AUTH_BASE_PATH),
      preValidation: checkIdentityInput(AUTH_BASE_PATH),
      handler: (request, reply) => forward(auth, opts.db, request, reply, opts.config, sentences),
    });

    const resolved = new WeakSet<FastifyRequest>();
    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (resolved.has(request)) return request.user;
      resolved.add(request);
      // With the cookie cache off, getSession reads the session and its user from the database,
      // so a sign-out or a revoked admin role counts from the very next request.
      const session = await auth.api.getSession({ headers: toFetchHeaders(request) });
      if (!session) return null;
      const u = session.user;
      request.user = {
        id: u.id,
        email: u.email,
        firstName: u.firstName ?? null,
        lastName: u.lastName ?? null,
        isAdmin: u.isAdmin === true,
        isPremium: u.isPremium === true,
      };
      return request.user;
    });
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const user = await app.authenticate(request);
      if (!user) throw unauthorized();
      return user;
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const user = await app.requireUser(request);
      assertAppraiser(user);
      return user;
    });
  },
  { name: 'auth' },
);
