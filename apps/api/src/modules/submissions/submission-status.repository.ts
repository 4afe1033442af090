// The status gate: the one place in the server that writes submissions.status (decision 017).
// Each write fires a named transition of packages/domain, so the allowed moves exist once, and
// it is conditional (the row must still have one of the transition's statuses, and the version
// the caller read when it gave one), so of two racing requests exactly one wins. A lint rule
// (eslint.config.js) refuses a status write anywhere else.
import {
  adminMessages,
  type SubmissionStatus,
  type SubmissionTransitionName,
  submissionTransitions,
  transitionErrorMessage,
} from '@assay/domain';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { submissions, type SubmissionRow } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/app-error.ts';

// The one submission row type, the schema's (issue 26): re-exported where its readers find it.
export type { SubmissionRow };

/**
 * Columns a write may change besides the status. `status?: never` makes a status in here a type
 * error, so a caller cannot slip one past the gate (a Partial<SubmissionRow> is not accepted).
 */
export type SubmissionChanges = Partial<
  Omit<SubmissionRow, 'id' | 'userId' | 'status' | 'version' | 'createdAt' | 'updatedAt'>
> & {
  status?: never;
};

/** Why a transition did not happen, read from the row as it is now. */
export type TransitionRefusal = { reason: 'not_found' } | { reason: 'stale_version' | 'wrong_status'; current: SubmissionRow };

export interface TransitionRequest {
  id: string;
  transition: SubmissionTransitionName;
  /** When given, the write happens only if nobody changed the row since it was read at this version. */
  version?: number;
  changes?: SubmissionChanges;
  /** updated_at; now when not given. */
  at?: Date;
  /**
   * The caller's own words for a refusal (a client declining sees other sentences than an
   * appraiser); without it, explainRefusal's.
   */
  refuse?: (refusal: TransitionRefusal) => Error;
}

/**
 * Fires a transition: the status becomes the transition's target, the version goes up by one and
 * `changes` are written, all in one conditional UPDATE. Answers the row as written; throws the
 * refusal (404 or 409) when the row is gone, has a status the transition does not start from, or
 * has another version than the caller read.
 */
export async function transitionSubmission(tx: DbOrTx, request: TransitionRequest): Promise<SubmissionRow> {
  const { from, to } = submissionTransitions[request.transition];
  const conditions = [eq(submissions.id, request.id), inArray(submissions.status, [...from])];
  if (request.version !== undefined) conditions.push(eq(submissions.version, request.version));
  const [row] = await tx
    .update(submissions)
    .set({ ...request.changes, status: to, version: sql`${submissions.version} + 1`, updatedAt: request.at ?? new Date() })
    .where(and(...conditions))
    .returning();
  if (row) return row;
  const refusal = await refusalOf(tx, request);
  throw request.refuse ? request.refuse(refusal) : explainRefusal(request.transition, refusal);
}

async function refusalOf(tx: DbOrTx, request: TransitionRequest): Promise<TransitionRefusal> {
  const [current] = await tx.select().from(submissions).where(eq(submissions.id, request.id));
  if (!current) return { reason: 'not_found' };
  // The version first: a form loaded before someone else's change is told to reload, whatever
  // that change was.
  if (request.version !== undefined && current.version !== request.version) return { reason: 'stale_version', current };
  return { reason: 'wrong_status', current };
}

/** The appraisers' sentences: not found, the domain's refusal of the move, or reload. */
export function explainRefusal(transition: SubmissionTransitionName, refusal: TransitionRefusal): Error {
  if (refusal.reason === 'not_found') return notFound('Submission');
  if (refusal.reason === 'stale_version') return conflict(adminMessages.staleVersion);
  return conflict(transitionErrorMessage(refusal.current.status, submissionTransitions[transition].to));
}

export interface ExpectedState {
  status: SubmissionStatus;
  /** When given, the update only happens if nobody changed the row since it was read. */
  version?: number;
}

/**
 * The conditional write behind the workflow actions that keep the status (notes, the KYC flag):
 * it only lands while the submission still has the status (and version) the caller checked, and
 * bumps the version. Null when it did not. It cannot change the status (SubmissionChanges forbids
 * it): that is the gate's (submissions/submission-status.repository.ts).
 */
export async function updateSubmissionIf(
  db: DbOrTx,
  id: string,
  expected: ExpectedState,
  changes: SubmissionChanges,
  extra: SQL[] = [],
) {
  const conditions = [eq(submissions.id, id), eq(submissions.status, expected.status), ...extra];
  if (expected.version !== undefined) conditions.push(eq(submissions.version, expected.version));
  const [row] = await db
    .update(submissions)
    .set({ ...changes, version: sql`${submissions.version} + 1`, updatedAt: new Date() })
    .where(and(...conditions))
    .returning();
  return row ?? null;
}

/** For updateSubmissionIf: only while the KYC flag is still off (asked once, told once). */
export const kycNotYetRequested = sql`${submissions.requiresKyc} = false`;
