// One authenticator set-up at a time per person. better-auth's enable looks for the person's
// two-factor row and then inserts or overwrites it, so two at once (a double click, two tabs, two
// instances) either broke the unique index (a 500) or both answered 200 with different secrets,
// one of them already overwritten. A short lease, claimed atomically in the database so that every
// instance sees it, lets one through; the other is refused with a sentence.
//
// The lease is a row of better-auth's `verifications` table (identifier, value, expiry: exactly
// its shape), under an id of its own so the claim is one conflict-checked insert. It expires by
// itself should a process die holding it.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verifications } from '../../db/schema/index.ts';

/** Far longer than an enable takes (a password check and two writes); a crashed holder's wait. */
const LEASE_SECONDS = 60;

export interface EnrolmentLease {
  id: string;
  holder: string;
}

/** The lease for this person's set-up, or null while another request holds it. */
export async function claimEnrolmentLease(db: Db, userId: string): Promise<EnrolmentLease | null> {
  const id = `two-factor-enrolment:${userId}`;
  const holder = randomUUID();
  const expiresAt = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;
  const claimed = await db
    .insert(verifications)
    .values({ id, identifier: id, value: holder, expiresAt })
    .onConflictDoUpdate({
      target: verifications.id,
      set: { value: holder, expiresAt, updatedAt: sql`now()` },
      // Taken over only once expired: a live lease is another request's.
      setWhere: sql`${verifications.expiresAt} <= now()`,
    })
    .returning({ id: verifications.id });
  return claimed.length > 0 ? { id, holder } : null;
}

/** Gives the lease back; one taken over after expiring is the new holder's and stays. */
export async function releaseEnrolmentLease(db: Db, lease: EnrolmentLease): Promise<void> {
  await db.delete(verifications).where(and(eq(verifications.id, lease.id), eq(verifications.value, lease.holder)));
}
