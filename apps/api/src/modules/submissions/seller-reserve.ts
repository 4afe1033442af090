// The seller's reserve on their submission (decision 040): checked at creation and at a change
// (set-reserve.ts), and shown with its acceptance. What an offer does to it is the appraisal's
// (apply-reserve.ts); paying it after the window, the acceptance's (pay-met-reserve.ts).
import {
  centsToDecimalString,
  isReserveWindowOpen,
  reserveCentsOf,
  reserveDeclineUntil,
  reserveMessages,
  type ReservePayout,
  reserveProblem,
  type ReserveState,
} from '@assay/domain';
import { badRequest } from '../../lib/app-error.ts';
import type { SubmissionRow } from './submissions.repository.ts';

/** The reserve's columns from a body, or a 400 naming what is wrong; `quoteMax` in dollars or cents. */
export function checkedReserve(
  body: { reserve: string | null; reservePayout: ReservePayout | null },
  quoteMax: string | number | null,
): { reserve: number | null; reservePayout: ReservePayout | null } {
  if (body.reserve === null) return { reserve: null, reservePayout: null };
  const cents = reserveCentsOf(body.reserve);
  const maxCents = typeof quoteMax === 'string' ? reserveCentsOf(quoteMax) : quoteMax;
  const problem = reserveProblem(cents, maxCents);
  if (problem) throw badRequest(problem);
  if (!body.reservePayout) throw badRequest(reserveMessages.payoutNeeded);
  return { reserve: cents, reservePayout: body.reservePayout };
}

/** What the answers say of the reserve; null when none was set. */
export function reserveStateOf(row: Pick<SubmissionRow, 'reserve' | 'reservePayout' | 'reserveMetAt'>): ReserveState | null {
  if (row.reserve === null || !row.reservePayout) return null;
  return {
    amount: centsToDecimalString(row.reserve),
    payoutMethod: row.reservePayout.payoutMethod,
    metAt: row.reserveMetAt?.toISOString() ?? null,
    declineUntil: row.reserveMetAt ? reserveDeclineUntil(row.reserveMetAt).toISOString() : null,
  };
}

/** Whether an offer the reserve accepted may still be declined at `now` (true when no reserve accepted it). */
export function reserveAllowsDecline(row: Pick<SubmissionRow, 'reserveMetAt'>, now: Date): boolean {
  return row.reserveMetAt === null || isReserveWindowOpen(row.reserveMetAt, now);
}
