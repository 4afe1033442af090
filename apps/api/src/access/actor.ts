// Who is acting, and the permission rules every service asks: one module, so "appraisers only" and
// "owner or appraiser" are each decided (and worded) in one place. The routes' guards call these
// too; services call them again because a service must never trust that a route checked.
import { forbidden, notFound } from '../lib/app-error.ts';

/** The signed-in person a request acts for, as the session resolved them (re-read on each request). */
export interface Actor {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  isPremium: boolean;
  /** An authenticator app is enrolled (better-auth's two-factor plugin). */
  twoFactorEnabled: boolean;
  /** When this session last proved the second factor, if ever (access/second-factor.ts). */
  secondFactorAt: Date | null;
}

export const accessMessages = {
  appraisersOnly: 'This area is for Assay appraisers only.',
  pricesAppraisersOnly: 'Only Assay appraisers can change prices.',
} as const;

export function isAppraiser(actor: Pick<Actor, 'isAdmin'>): boolean {
  return actor.isAdmin === true;
}

/** Throws 403 unless the actor is an appraiser. */
export function assertAppraiser(actor: Pick<Actor, 'isAdmin'>, message: string = accessMessages.appraisersOnly): void {
  if (!isAppraiser(actor)) throw forbidden(message);
}

export function isOwner(actor: Pick<Actor, 'id'>, ownerId: string | null | undefined): boolean {
  return ownerId !== null && ownerId !== undefined && ownerId === actor.id;
}

/** Whether the actor may see a record: its owner or an appraiser. */
export function canView(actor: Pick<Actor, 'id' | 'isAdmin'>, ownerId: string | null | undefined): boolean {
  return isOwner(actor, ownerId) || isAppraiser(actor);
}

/** A record belongs to whoever its `userId` (submissions, labels, payouts) or `ownerId` (photos) names. */
export type Owned = { userId: string | null } | { ownerId: string | null };
const ownerOf = (record: Owned) => ('userId' in record ? record.userId : record.ownerId);

/**
 * The record, if the actor may see it (its owner or an appraiser). Otherwise it does not exist for
 * them: 404, never 403, so ids of other people's records cannot be probed. `what` names it.
 */
export function visibleTo<T extends Owned>(actor: Pick<Actor, 'id' | 'isAdmin'>, record: T | null | undefined, what: string): T {
  if (!record || !canView(actor, ownerOf(record))) throw notFound(what);
  return record;
}

/**
 * The record, if the actor owns it: only the owner may act on it (accept, decline, ship, add
 * photos). An appraiser is told why (403 with `appraiserMessage`, when given); anyone else hears
 * that it does not exist.
 */
export function ownedBy<T extends Owned>(
  actor: Pick<Actor, 'id' | 'isAdmin'>,
  record: T | null | undefined,
  what: string,
  appraiserMessage?: string,
): T {
  if (record && isOwner(actor, ownerOf(record))) return record;
  if (record && appraiserMessage && isAppraiser(actor)) throw forbidden(appraiserMessage);
  throw notFound(what);
}
