// Accounts are better-auth's: e-mail and password, password reset, and optionally one OpenID
// Connect provider, mounted under AUTH_BASE_PATH. Its hooks hold Assay's account rules: the
// password rule (packages/domain's passwordWeakness), name lengths, ADMIN_EMAILS (only for a proven
// address), the same work for a sign-in at an unknown address as at a known one, and the account
// e-mails, which go to the outbox like every other e-mail.
import type { FastifyBaseLogger } from 'fastify';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordWeakness } from '@assay/domain';
import { betterAuth } from 'better-auth';
import { symmetricDecrypt } from 'better-auth/crypto';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, formCsrfMiddleware, getSessionFromCtx } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { AUTH_BASE_PATH, OIDC_PROVIDER_ID, SIGN_IN_PAGE } from '../../access/identity-paths.ts';
import type { Config, Secrets } from '../../config/index.ts';
import type { Db } from '../../db/client.ts';
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from '../../db/schema/index.ts';
import { identityLogger } from '../../lib/logger.ts';
import { enqueueEmail } from '../notifications/index.ts';
import { existingAccountSignUpMessage, resetPasswordMessage, verifyEmailMessage } from './account-emails.ts';
import { delegateTo, passwordHasherFor, prepareDummyHash, verifyAgainstDummy } from './password-hashing.ts';
import { namesFromClaims } from './provider-names.ts';
import { accountKeyOf, clearSignInThrottle } from './sign-in-throttle.repository.ts';
import { stampSecondFactor } from './session-lookup.repository.ts';
import { acceptedTimeStep, codeAlreadyUsedMessage } from './totp-replay.ts';
import { claimTimeStep, findTotpSecret } from './totp-replay.repository.ts';
import { setAdminFlag } from './users.repository.ts';

export type Auth = ReturnType<typeof createAuth>;

/** The routes that end a two-factor sign-in (or an enrolment) with a new session that just proved it. */
const SECOND_FACTOR_PROOFS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

/** The issuer an authenticator app lists the account under. */
export const TOTP_ISSUER = 'Assay';

/** better-auth's routes where a new password is chosen, and the body field that carries it. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The address of the account whose password is being chosen, when the request says whose. */
async function accountEmailOf(ctx: HookContext, body: Record<string, unknown> | undefined): Promise<string | undefined> {
  if (ctx.path === '/sign-up/email') return typeof body?.email === 'string' ? body.email : undefined;
  if (ctx.path === '/change-password') return (await getSessionFromCtx(ctx))?.user.email;
  const token = body?.token;
  if (ctx.path !== '/reset-password' || typeof token !== 'string') return undefined;
  // The same lookup better-auth makes next; a link that is not valid is refused there.
  const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  const user = verification && (await ctx.context.internalAdapter.findUserById(verification.value));
  return user?.email;
}

/** better-auth's cookie that carries a sign-in waiting for its code (its two-factor plugin's name). */
const TWO_FACTOR_SIGN_IN_COOKIE = 'two_factor';

/**
 * Whose code a `/two-factor/verify-totp` checks: the signed-in person's (enrolment, step-up), or
 * the one a pending sign-in names. Null when neither: better-auth refuses it.
 */
async function codeOwnerOf(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_SIGN_IN_COOKIE);
  const pending = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!pending) return null;
  const verification = await ctx.context.internalAdapter.findVerificationValue(pending);
  return verification?.value ?? null;
}

/**
 * A right code is taken for its owner before better-auth accepts it, once: a code already used
 * (or older than the last one used) is refused (totp-replay.ts). A wrong code is left to
 * better-auth, which refuses and counts it.
 */
async function refuseUsedCode(db: Db, ctx: HookContext, code: string): Promise<void> {
  const userId = await codeOwnerOf(ctx);
  const sealed = userId && (await findTotpSecret(db, userId));
  if (!userId || !sealed) return;
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: sealed });
  // better-auth's own clock (Date.now), which is the one it checks the code against.
  const step = await acceptedTimeStep(secret, code, Date.now());
  if (step === null) return;
  if (!(await claimTimeStep(db, userId, step))) {
    throw new APIError('UNAUTHORIZED', { message: codeAlreadyUsedMessage, code: CODE_ALREADY_USED });
  }
}

/** The error code of a refused second use of an authenticator code. */
export const CODE_ALREADY_USED = 'TOTP_CODE_ALREADY_USED';

/** `now` is the app's clock: the time a session proved its second factor is compared with it. */
export function createAuth(db: Db, config: Config, secrets: Secrets, log: FastifyBaseLogger, now: () => Date) {
  const adminEmails = new Set(config.adminEmails);
  const hasher = passwordHasherFor(config.passwordHashing);
  prepareDummyHash(hasher);
  return betterAuth({
    appName: 'Assay',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: secrets.sessionSecret,
    trustedOrigins: config.allowedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        twoFactor: twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      password: delegateTo(hasher),
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await enqueueEmail(db, resetPasswordMessage(user.email, url));
      },
      // Only the owner receives the link: whatever the sign-in throttle holds against the account
      // (a stranger's guesses) ends with it.
      async onPasswordReset({ user }) {
        await clearSignInThrottle(db, accountKeyOf(user.email));
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
      // Written by Assay only (the hook below, and the step-up in identity.ts); read with the session.
      additionalFields: { secondFactorAt: { type: 'date', required: false, input: false } },
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
      before: createAuthMiddleware(async (ctx) => {
        const body = ctx.body as Record<string, unknown> | undefined;
        // Every way a password is chosen meets the same rule, inside better-auth so that direct
        // auth.api calls are held to it too.
        const field = NEW_PASSWORD_FIELDS[ctx.path];
        const chosen = field ? body?.[field] : undefined;
        if (typeof chosen === 'string') {
          const weakness = passwordWeakness(chosen, await accountEmailOf(ctx, body));
          if (weakness) throw new APIError('BAD_REQUEST', { message: weakness, code: 'PASSWORD_TOO_COMMON' });
        }
        // better-auth hashes the password of an unknown address (a hash is not a verification:
        // other work, other time); Assay verifies it against a dummy hash, exactly the work of a
        // wrong password, and answers as better-auth does for one.
        if (ctx.path === '/two-factor/verify-totp' && typeof body?.code === 'string') await refuseUsedCode(db, ctx, body.code);
        if (ctx.path === '/sign-in/email' && typeof body?.email === 'string' && typeof body.password === 'string') {
          // better-auth checks the page a sign-in comes from after the hooks: first here, so that a
          // foreign page is refused alike for a known and an unknown address.
          await formCsrfMiddleware(ctx);
          const found = await ctx.context.internalAdapter.findUserByEmail(body.email.toLowerCase(), { includeAccounts: true });
          const hasPassword = found?.accounts.some(
            (account) => account.providerId === 'credential' && account.accountId === found.user.id && account.password,
          );
          if (!hasPassword) {
            await verifyAgainstDummy(hasher, body.password);
            throw new APIError('UNAUTHORIZED', { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' });
          }
        }
      }),
      // A sign-in finished with the authenticator's code (or a recovery code), or an enrolment
      // confirmed by its first code: the new session has just proved the second factor.
      after: createAuthMiddleware(async (ctx) => {
        const fresh = SECOND_FACTOR_PROOFS.has(ctx.path) ? ctx.context.newSession : null;
        if (fresh) await stampSecondFactor(db, fresh.session.token, now());
      }),
    },
    databaseHooks: {
      // better-auth writes the client's IP on every new session. Nothing reads it, and the IP a
      // statement was signed from is encrypted (decision 028): a session keeps none. Its rate
      // limits still see the address (advanced.ipAddress.disableIpTracking would blind them too).
      session: {
        create: {
          async before(session) {
            return { data: { ...session, ipAddress: null } };
          },
        },
      },
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
    plugins: [
      // Appraisers' second factor (decision 026): an authenticator app (TOTP) and ten recovery codes,
      // both stored encrypted. No "trust this device": every staff sign-in asks for the code.
      twoFactor({
        issuer: TOTP_ISSUER,
        // A person who signs in through the identity provider has no password to confirm with.
        allowPasswordless: true,
      }),
      ...(config.oidc
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
        : []),
    ],
    logger: identityLogger(log),
    // A provider callback that fails before Assay knows where the person came from (no or forged
    // state) lands on the sign-in page too, instead of better-auth's own error page. An unexpected
    // error (a failed query) reaches Fastify's error handler and its safe log, instead of
    // better-call printing it whole, query values included, on the console.
    onAPIError: { errorURL: SIGN_IN_PAGE, throw: true },
  });
}
