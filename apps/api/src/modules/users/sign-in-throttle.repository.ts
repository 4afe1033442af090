import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { signInAttempts } from '../../db/schema/index.ts';
import { type AttemptWindow, SIGN_IN_WINDOW_MS } from './sign-in-throttle.ts';

export function accountKeyOf(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/**
 * Counts one attempt in one statement, so concurrent guesses each get their own number; a window
 * that has ended starts again at 1.
 */
export async function countSignInAttempt(db: DbOrTx, accountKey: string, now: Date): Promise<AttemptWindow> {
  const windowOpenSince = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const expired = sql`${signInAttempts.windowStartedAt} <= ${windowOpenSince.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(signInAttempts)
    .values({ accountKey, attempts: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: signInAttempts.accountKey,
      set: {
        attempts: sql`case when ${expired} then 1 else ${signInAttempts.attempts} + 1 end`,
        windowStartedAt: sql`case when ${expired} then excluded.window_started_at else ${signInAttempts.windowStartedAt} end`,
      },
    })
    .returning({ attempts: signInAttempts.attempts, windowStartedAt: signInAttempts.windowStartedAt });
  return row!;
}

/** A right password ends the count: the owner is not slowed down by earlier typos. */
export async function clearSignInAttempts(db: DbOrTx, accountKey: string) {
  await db.delete(signInAttempts).where(eq(signInAttempts.accountKey, accountKey));
}
