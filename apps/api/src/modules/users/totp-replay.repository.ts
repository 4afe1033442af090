// The last authenticator time step each person used (totp-replay.ts says why). One conditional
// update: of two requests with the same code, the row lock lets one through and the other finds the
// step already taken.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { twoFactors } from '../../db/schema/index.ts';

/** The person's authenticator secret as better-auth stored it (encrypted), or null. */
export async function findTotpSecret(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ secret: twoFactors.secret }).from(twoFactors).where(eq(twoFactors.userId, userId));
  return row?.secret ?? null;
}

/** Records `step` as used; false when it, or a later one, was used already. */
export async function claimTimeStep(db: Db, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(twoFactors)
    .set({ lastUsedStep: step })
    .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastUsedStep), lt(twoFactors.lastUsedStep, step))))
    .returning({ id: twoFactors.id });
  return claimed.length > 0;
}
