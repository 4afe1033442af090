// Who someone is, as the rest of the app asks it: better-auth (better-auth.ts) with Assay's own
// sign-in throttle around it (per account and client address, and per account; sign-in-throttle.ts). The composition root builds one per app and
// AppContext carries it; the Fastify bridge (plugins/auth.ts) only translates HTTP to these calls.
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../access/actor.ts';
import type { SecondFactorPolicy } from '../../access/second-factor.ts';
import type { Config, Secrets } from '../../config/index.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
import { APIError } from 'better-auth/api';
import { type Auth, CODE_ALREADY_USED, createAuth } from './better-auth.ts';
import { claimEnrolmentLease, releaseEnrolmentLease } from './enrolment-lease.repository.ts';
import { SessionCache } from './session-cache.ts';
import { codeAlreadyUsedMessage } from './totp-replay.ts';
import { findSessionWithUser, stampSecondFactor } from './session-lookup.repository.ts';
import { verifiedSessionToken } from './session-token.ts';
import {
  accountKeyOf,
  clientKeyOf,
  releaseSignInAttempt,
  reserveSignInAttempt,
  type ThrottleKeys,
} from './sign-in-throttle.repository.ts';
import { accountPausedMessage, clientWaitMessage } from './sign-in-throttle.ts';

export type { Auth } from './better-auth.ts';

/** A password sign-in may go on to better-auth, or this account must wait. */
export type PasswordSignInAdmission =
  { admitted: true; ticket: SignInTicket } | { admitted: false; retryAfterSeconds: number; message: string };

/** Which counts an admitted try went to, for taking it back when the password is right. */
export type SignInTicket = ThrottleKeys;

export interface Identity {
  /** better-auth itself: its handler serves AUTH_BASE_PATH, its api the calls Assay makes directly. */
  readonly auth: Auth;
  /**
   * Counts a password try at the account named by `email` from `clientAddress` (the request's
   * address after proxy trust), before better-auth checks it, or says how long to wait: counting
   * first is what keeps simultaneous guesses within the limit.
   */
  admitPasswordSignIn(email: string, clientAddress: string, now: Date): Promise<PasswordSignInAdmission>;
  /** The right password was given (even for an address not yet confirmed): the try is taken back. */
  passwordAccepted(ticket: SignInTicket): Promise<void>;
  /**
   * The person whose session the request's cookie names, or null. Never from a cookie cache: from
   * the sessions table, or from this process's memory of it while every change to sessions and
   * accounts is heard (`sessionCache`), so a sign-out or a revoked admin role counts at once.
   * `headers` is asked for only when better-auth itself must answer (a session to slide forward).
   */
  sessionActor(request: SessionRequest): Promise<Actor | null>;
  /** Sessions looked up lately; live only while changes are heard (the auth plugin says when). */
  readonly sessionCache: SessionCache;
  /**
   * The request changed its own session or account through better-auth (signed out, say): this
   * process forgets that user's sessions before answering, without waiting for the signal.
   * False when the request carried no session of ours: then it changed none.
   */
  sessionChangedBy(cookies: RequestCookies): Promise<boolean>;
  /**
   * The request carries a session cookie signed by us: most likely someone signed in. Not looked
   * up (it may have ended), so it costs no query: for choosing how to serve a page, never for access.
   */
  carriesSession(cookies: RequestCookies): Promise<boolean>;
  /** Who must enrol an authenticator, and who is exempt (access/second-factor.ts reads it). */
  readonly secondFactorPolicy: SecondFactorPolicy;
  /**
   * A step-up: checks a code from the signed-in person's authenticator app and, if it is right,
   * records on their session that it proved the second factor now. A wrong code is a 400.
   */
  proveSecondFactor(request: SessionRequest, code: string): Promise<void>;
  /**
   * Runs `enrol` (better-auth's start of an authenticator set-up) while no other set-up of the
   * same person runs, on any instance; another at the same time is a 409 with a sentence.
   */
  enrolOneAtATime<T>(request: SessionRequest, enrol: () => Promise<T>): Promise<T>;
}

export const stepUpMessages = {
  notEnrolled: 'Set up an authenticator app first: there is no code to check yet.',
  wrongCode: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
  signedOut: 'Please sign in to continue.',
} as const;

export const enrolmentUnderWay =
  'An authenticator app is already being set up for this account in another window. Use the QR code shown there, or try again in a moment.';

export type RequestCookies = Record<string, string | undefined>;

export interface SessionRequest {
  cookies: RequestCookies;
  headers(): Headers;
}

function actorOf(
  user: {
    id: string;
    email: string;
    firstName?: string | null;
    lastName?: string | null;
    isAdmin?: boolean | null;
    isPremium?: boolean | null;
    twoFactorEnabled?: boolean | null;
  },
  session: { secondFactorAt?: Date | string | null },
): Actor {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    isAdmin: user.isAdmin === true,
    isPremium: user.isPremium === true,
    twoFactorEnabled: user.twoFactorEnabled === true,
    secondFactorAt: session.secondFactorAt ? new Date(session.secondFactorAt) : null,
  };
}

export function createIdentity(input: {
  db: Db;
  config: Config;
  secrets: Secrets;
  log: FastifyBaseLogger;
  now: () => Date;
  /** E-mails that need no second factor: the demo admin, in demo mode only. */
  secondFactorExemptEmails: readonly string[];
}): Identity {
  const { db } = input;
  const auth = createAuth(db, input.config, input.secrets, input.log, input.now);
  const secondFactorPolicy: SecondFactorPolicy = {
    required: input.config.staffTwoFactor === 'required',
    exemptEmails: new Set(input.secondFactorExemptEmails.map((email) => email.toLowerCase())),
  };
  const secret = input.secrets.sessionSecret;
  const sessionCache = new SessionCache();
  const settings = auth.$context.then((context) => ({
    sessionCookie: context.authCookies.sessionToken.name,
    dontRememberCookie: context.authCookies.dontRememberToken.name,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  }));

  /** better-auth's own answer: it deletes an expired session and slides one that is due. */
  async function askBetterAuth(request: SessionRequest): Promise<Actor | null> {
    const session = await auth.api.getSession({ headers: request.headers() });
    return session ? actorOf(session.user, session.session) : null;
  }

  const identity: Identity = {
    auth,
    sessionCache,
    secondFactorPolicy,
    async proveSecondFactor(request, code) {
      const { sessionCookie } = await settings;
      const token = verifiedSessionToken(request.cookies[sessionCookie], secret);
      if (!token) throw badRequest(stepUpMessages.signedOut);
      const actor = await identity.sessionActor(request);
      if (!actor) throw badRequest(stepUpMessages.signedOut);
      // better-auth's verify-totp would finish a pending enrolment too: that is the set-up page's.
      if (!actor.twoFactorEnabled) throw badRequest(stepUpMessages.notEnrolled);
      const refusal = await auth.api
        .verifyTOTP({ body: { code }, headers: request.headers() })
        .then(() => null)
        .catch((error: unknown) => {
          if (!(error instanceof APIError) || error.statusCode >= 500) throw error;
          return error.body?.code === CODE_ALREADY_USED ? codeAlreadyUsedMessage : stepUpMessages.wrongCode;
        });
      if (refusal) throw badRequest(refusal);
      await stampSecondFactor(db, token, input.now());
      sessionCache.forgetUser(actor.id);
    },
    async enrolOneAtATime(request, enrol) {
      const actor = await identity.sessionActor(request);
      // Signed out: better-auth refuses it, and there is nobody's set-up to guard.
      if (!actor) return enrol();
      const lease = await claimEnrolmentLease(db, actor.id);
      if (!lease) throw conflict(enrolmentUnderWay);
      try {
        return await enrol();
      } finally {
        await releaseEnrolmentLease(db, lease);
      }
    },
    async admitPasswordSignIn(email, clientAddress, now) {
      const ticket = { accountKey: accountKeyOf(email), clientKey: clientKeyOf(clientAddress, secret) };
      const reservation = await reserveSignInAttempt(db, ticket, now);
      if (reservation.admitted) return { admitted: true, ticket };
      const { retryAfterSeconds, refusedBy } = reservation;
      const message = refusedBy === 'client' ? clientWaitMessage(retryAfterSeconds) : accountPausedMessage(retryAfterSeconds);
      return { admitted: false, retryAfterSeconds, message };
    },
    passwordAccepted: (ticket) => releaseSignInAttempt(db, ticket),
    async sessionActor(request) {
      const { sessionCookie, dontRememberCookie, expiresInMs, updateAgeMs } = await settings;
      const token = verifiedSessionToken(request.cookies[sessionCookie], secret);
      if (!token) return null;
      // A session that must not be remembered is never slid forward; better-auth knows that rule.
      if (request.cookies[dontRememberCookie] !== undefined) return askBetterAuth(request);
      const cached = sessionCache.get(token);
      if (cached) return cached;
      const ticket = sessionCache.ticket();
      const row = await findSessionWithUser(db, token);
      if (!row) return null;
      const expiresAtMs = row.expiresAt.getTime();
      // better-auth's own rule: a session is slid forward once updateAge has passed since it was.
      const refreshDueAtMs = expiresAtMs - expiresInMs + updateAgeMs;
      const now = Date.now();
      if (expiresAtMs <= now || refreshDueAtMs <= now) return askBetterAuth(request);
      const actor = actorOf(row, row);
      sessionCache.set(token, { actor, expiresAtMs, refreshDueAtMs }, ticket);
      return actor;
    },
    async sessionChangedBy(cookies) {
      const { sessionCookie } = await settings;
      const token = verifiedSessionToken(cookies[sessionCookie], secret);
      if (!token) return false;
      const userId = sessionCache.userOf(token);
      if (userId) sessionCache.forgetUser(userId);
      return true;
    },
    async carriesSession(cookies) {
      const { sessionCookie } = await settings;
      return verifiedSessionToken(cookies[sessionCookie], secret) !== null;
    },
  };
  return identity;
}
