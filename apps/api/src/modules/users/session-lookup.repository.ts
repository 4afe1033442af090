// The session a token names and the person it belongs to, in one query (better-auth asks for the
// session, then the user). Prepared once per database: PostgreSQL plans it once per connection and
// the SQL text is not built again for every request.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

function prepareLookup(db: Db) {
  return db
    .select({
      expiresAt: sessions.expiresAt,
      secondFactorAt: sessions.secondFactorAt,
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isAdmin: users.isAdmin,
      isPremium: users.isPremium,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('assay_session_actor');
}

const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

export async function findSessionWithUser(db: Db, token: string) {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ token });
  return row ?? null;
}

/**
 * The session has just proved the second factor. An update of the row, so the change trigger
 * (migration 0018) tells every instance to forget what it remembers of this session.
 */
export async function stampSecondFactor(db: Db, token: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(sessions)
    .set({ secondFactorAt: at })
    .where(eq(sessions.token, token))
    .returning({ id: sessions.id });
  return updated.length > 0;
}
