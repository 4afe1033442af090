// Accounts are better-auth's (email + password, password reset, optional OpenID Connect), mounted
// under /api/identity. This plugin bridges Fastify to it and gives every request `request.user`.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@assay/domain';
import fp from 'fastify-plugin';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Config, Secrets } from '../config.ts';
import type { Db } from '../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../db/schema/index.ts';
import { forbidden, unauthorized } from '../lib/app-error.ts';
import { identityLogger } from '../lib/logger.ts';
import { enqueueEmail } from '../modules/notifications/outbox.repository.ts';
import { checkIdentityInput } from './identity-input.ts';

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  isPremium: boolean;
}

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
        await enqueueEmail(db, {
          to: user.email,
          subject: 'Reset your Assay password',
          text:
            `Hello,\n\nSomeone (hopefully you) asked to reset the password of your Assay account.\n` +
            `Open this link within one hour to choose a new password:\n\n${url}\n\n` +
            `If you did not ask for this, you can ignore this e-mail; your password stays as it is.\n\n— Assay`,
        });
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
                isAdmin: adminEmails.has(user.email.toLowerCase()),
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
                providerId: 'oidc',
                discoveryUrl: `${config.oidc.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                clientId: config.oidc.clientId,
                clientSecret: config.oidc.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                mapProfileToUser: (profile) => ({
                  firstName: typeof profile.given_name === 'string' ? profile.given_name : null,
                  lastName: typeof profile.family_name === 'string' ? profile.family_name : null,
                }),
              },
            ],
          }),
        ]
      : [],
    logger: identityLogger(log),
    // An unexpected error (a failed query) reaches Fastify's error handler and its safe log,
    // instead of better-call printing it whole, query values included, on the console.
    onAPIError: { throw: true },
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

async function forward(auth: ReturnType<typeof createAuth>, request: FastifyRequest, reply: FastifyReply, config: Config) {
  const url = new URL(request.url, config.publicUrl);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const response = await auth.handler(
    new Request(url, {
      method: request.method,
      headers: toFetchHeaders(request),
      body: hasBody ? JSON.stringify(request.body) : undefined,
    }),
  );
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; config: Config; secrets: Secrets }) => {
    const auth = createAuth(opts.db, opts.config, opts.secrets, app.log);
    app.decorate('auth', auth);
    app.decorateRequest('user', null);

    app.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      config: { rateLimit: false },
      preValidation: checkIdentityInput(AUTH_BASE_PATH),
      handler: (request, reply) => forward(auth, request, reply, opts.config),
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
      if (!user.isAdmin) throw forbidden('This area is for Assay appraisers only.');
      return user;
    });
  },
  { name: 'auth' },
);
