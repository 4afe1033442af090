// Who someone is, as the rest of the app asks it: better-auth (better-auth.ts) with Assay's own
// count of password guesses per account around it. The composition root builds one per app and
// AppContext carries it; the Fastify bridge (plugins/auth.ts) only translates HTTP to these calls.
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../access/actor.ts';
import type { Config, Secrets } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { type Auth, createAuth } from './better-auth.ts';
import { accountKeyOf, clearSignInAttempts, countSignInAttempt } from './sign-in-throttle.repository.ts';
import { judgeSignInAttempt, tooManyAttemptsMessage } from './sign-in-throttle.ts';

export type { Auth } from './better-auth.ts';

/** A password sign-in may go on to better-auth, or this account must wait. */
export type PasswordSignInAdmission =
  { admitted: true; accountKey: string } | { admitted: false; retryAfterSeconds: number; message: string };

export interface Identity {
  /** better-auth itself: its handler serves AUTH_BASE_PATH, its api the calls Assay makes directly. */
  readonly auth: Auth;
  /**
   * Counts a password guess at the account named by `email`, before better-auth checks it:
   * counting first is what keeps simultaneous guesses within the limit.
   */
  admitPasswordSignIn(email: string, now: Date): Promise<PasswordSignInAdmission>;
  /** The right password was given (even for an address not yet confirmed): the count starts again. */
  passwordAccepted(accountKey: string): Promise<void>;
  /**
   * The person whose session the request's cookie names, or null. Read from the database on every
   * call (no cookie cache), so a sign-out or a revoked admin role counts at once.
   */
  sessionActor(headers: Headers): Promise<Actor | null>;
}

export function createIdentity(input: { db: Db; config: Config; secrets: Secrets; log: FastifyBaseLogger }): Identity {
  const { db } = input;
  const auth = createAuth(db, input.config, input.secrets, input.log);
  return {
    auth,
    async admitPasswordSignIn(email, now) {
      const accountKey = accountKeyOf(email);
      const verdict = judgeSignInAttempt(await countSignInAttempt(db, accountKey, now), now);
      if (verdict.allowed) return { admitted: true, accountKey };
      const { retryAfterSeconds } = verdict;
      return { admitted: false, retryAfterSeconds, message: tooManyAttemptsMessage(retryAfterSeconds) };
    },
    passwordAccepted: (accountKey) => clearSignInAttempts(db, accountKey),
    async sessionActor(headers) {
      const session = await auth.api.getSession({ headers });
      if (!session) return null;
      const u = session.user;
      return {
        id: u.id,
        email: u.email,
        firstName: u.firstName ?? null,
        lastName: u.lastName ?? null,
        isAdmin: u.isAdmin === true,
        isPremium: u.isPremium === true,
      };
    },
  };
}
