// Records past their retention period (issue 28 item 7, DECISIONS "Compliance"): listed for an
// admin, and erased by one: the personal data goes, the money's trail stays (packages/domain
// retention.ts says when; the repository says what).
import {
  type EraseRecordsRequest,
  type EraseRecordsResult,
  type ErasedCounts,
  isPastRetention,
  mayEraseIdCheck,
  type RetentionFacts,
  type RetentionList,
  retentionPeriod,
  type RetentionPolicy,
} from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import {
  deleteIdChecks,
  deletePhotos,
  eraseBankDetails,
  eraseCheckAddresses,
  eraseLabelAddresses,
  eraseStatementIps,
  factsOf,
  factsOfSellers,
  finishedNotErased,
  idChecksOf,
  lockSubmission,
  markErased,
  personalRecordCounts,
  type SubmissionFacts,
} from './records-retention.repository.ts';

type Ctx = Pick<AppContext, 'db' | 'config' | 'clock' | 'storage' | 'log'>;

const policyOf = (ctx: Ctx): RetentionPolicy => ctx.config.compliance.retention;

const factsFor = (row: SubmissionFacts): RetentionFacts => ({
  status: row.status,
  paidAt: row.paidAt,
  returnDeliveredAt: row.returnDeliveredAt,
  ruleRetentionYears: row.complianceRule?.retentionYears ?? null,
});

/** Whether the seller's ID checks go with this erase: every one of their submissions is past its period. */
async function idChecksGo(ctx: Ctx, userId: string, now: Date): Promise<boolean> {
  const all = await factsOfSellers(ctx.db, [userId]);
  return mayEraseIdCheck(all.map(factsFor), policyOf(ctx), now);
}

export async function listPastRetention(ctx: Ctx, admin: Actor): Promise<RetentionList> {
  assertAppraiser(admin);
  const policy = policyOf(ctx);
  const now = ctx.clock.now();
  const due = (await finishedNotErased(ctx.db)).filter((row) => isPastRetention(factsFor(row), policy, now));
  const submissions = [];
  for (const row of due) {
    const period = retentionPeriod(factsFor(row), policy)!;
    const counts = await personalRecordCounts(ctx.db, row.id);
    const idChecks = (await idChecksGo(ctx, row.userId, now)) ? await idChecksOf(ctx.db, row.userId) : 0;
    submissions.push({
      submissionId: row.id,
      sellerLabel: row.sellerName,
      status: row.status,
      endedAt: period.endedAt.toISOString(),
      erasableFrom: period.erasableFrom.toISOString(),
      years: period.years,
      defaultPeriod: row.complianceRule == null,
      wouldErase: { ...counts, idChecks },
    });
  }
  submissions.sort((a, b) => a.endedAt.localeCompare(b.endedAt) || a.submissionId.localeCompare(b.submissionId));
  return { defaultYears: policy.defaultYears, minimumYears: policy.minimumYears, submissions };
}

/**
 * Erases each listed submission in its own transaction. Every id is checked first: one unknown (404)
 * or not yet past its period (409) and nothing is erased. A submission erased before is answered as
 * such and not touched again.
 */
export async function eraseRecords(ctx: Ctx, admin: Actor, request: EraseRecordsRequest): Promise<EraseRecordsResult> {
  assertAppraiser(admin);
  const policy = policyOf(ctx);
  const now = ctx.clock.now();
  const rows = new Map((await factsOf(ctx.db, request.submissionIds)).map((row) => [row.id, row]));
  for (const id of request.submissionIds) {
    const row = rows.get(id);
    if (!row) throw notFound(`Submission ${id}`);
    if (row.erasedAt === null && !isPastRetention(factsFor(row), policy, now)) {
      const period = retentionPeriod(factsFor(row), policy);
      throw conflict(
        period
          ? `Submission ${id} is kept until ${period.erasableFrom.toISOString().slice(0, 10)} (${period.years} years after it finished); nothing was erased.`
          : `Submission ${id} is not finished (paid, or its return delivered), so its retention period has not started; nothing was erased.`,
      );
    }
  }

  const result: EraseRecordsResult = { erased: [], alreadyErased: [] };
  for (const id of request.submissionIds) {
    const row = rows.get(id)!;
    const outcome = await eraseOne(ctx, admin, row, now);
    if (outcome === null) result.alreadyErased.push(id);
    else result.erased.push({ submissionId: id, counts: outcome });
  }
  return result;
}

async function eraseOne(ctx: Ctx, admin: Actor, row: SubmissionFacts, now: Date): Promise<ErasedCounts | null> {
  const idChecks = await idChecksGo(ctx, row.userId, now);
  const done = await ctx.db.transaction(async (tx) => {
    const locked = await lockSubmission(tx, row.id);
    if (!locked || locked.erasedAt !== null) return null;
    // Checked again under the lock: a payout returned since the first check ends no period.
    const [fresh] = await factsOf(tx, [row.id]);
    if (!fresh || !isPastRetention(factsFor(fresh), policyOf(ctx), now)) {
      throw conflict(`Submission ${row.id} is no longer past its retention period (its payment changed); it was not erased.`);
    }
    const photos = await deletePhotos(tx, row.id);
    const labels = await eraseLabelAddresses(tx, row.id);
    const ids = idChecks ? await deleteIdChecks(tx, row.userId) : { count: 0, keys: [] };
    const counts: ErasedCounts = {
      photos: photos.count,
      labelAddresses: labels.count,
      checkAddresses: await eraseCheckAddresses(tx, row.id),
      bankDetails: await eraseBankDetails(tx, row.id),
      statementIps: await eraseStatementIps(tx, row.id),
      idChecks: ids.count,
    };
    await markErased(tx, row.id, now);
    await writeAuditEntry(tx, {
      actorId: admin.id,
      entityType: 'submission',
      entityId: row.id,
      action: 'records_erased',
      changes: { erased: counts },
    });
    return { counts, keys: [...photos.keys, ...labels.keys, ...ids.keys] };
  });
  if (done === null) return null;
  // After the commit: should a delete fail, no row claims the object any more, and the uploads
  // module's orphan sweep removes it on a later run.
  const failed = (await Promise.allSettled(done.keys.map((key) => ctx.storage.delete(key)))).filter(
    (outcome) => outcome.status === 'rejected',
  ).length;
  if (failed > 0) ctx.log.warn({ submissionId: row.id, failed }, 'records retention: stored objects left for the orphan sweep');
  return done.counts;
}
