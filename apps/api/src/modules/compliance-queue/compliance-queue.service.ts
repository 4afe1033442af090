// The appraisers' compliance queue (issue 13 item 6): in one list, what blocks paying each seller
// (their ID, the signed statement, an item's police report line, a sanctions review) or melting each bought item (its hold), and
// what clears it. The blocks are the gate's own (paymentBlockers), so the queue can never disagree
// with what a payout would be refused for.
import {
  type ComplianceQueueItem,
  customerLabel,
  holdViewOf,
  policeReportLineActions,
  policeReportLineSentence,
  shortId,
} from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { latestKycRecord, paymentBlockers } from '../compliance/index.ts';
import { boughtItemsOnHold, heldPayouts, offeredSubmissions } from './compliance-queue.repository.ts';

type QueueSubmission = Awaited<ReturnType<typeof offeredSubmissions>>[number];

function itemOf(
  submission: QueueSubmission,
  block: Pick<ComplianceQueueItem, 'kind' | 'message' | 'clearedBy' | 'action'> & { transactionId?: string },
): ComplianceQueueItem {
  return {
    submissionId: submission.id,
    shortId: shortId(submission.id),
    description: submission.description,
    customerLabel: customerLabel(submission.userId),
    transactionId: block.transactionId ?? null,
    kind: block.kind,
    message: block.message,
    clearedBy: block.clearedBy,
    action: block.action,
  };
}

/** What blocks, as an appraiser reads it (the seller reads the gate's own sentences). */
const blockMessages = {
  id: "The seller's ID must be approved before they are paid.",
  statement: 'The seller must sign the statement of ownership before they are paid.',
} as const;

const actions = {
  reviewId: 'Approve or reject the ID waiting in Identity checks.',
  requestId: 'Ask the seller for their ID ("Request ID Verification" on the submission).',
  seller: 'Nothing to do: the seller signs it on their payout page.',
  sanctions: 'Clear or block the possible match in Sanctions screening.',
  blocked: 'Nothing to do: an appraiser blocked this payout; it is never paid.',
  hold: 'Nothing to do until the hold ends.',
} as const;

export async function complianceQueue(ctx: Pick<AppContext, 'db' | 'clock'>, admin: Actor): Promise<ComplianceQueueItem[]> {
  assertAppraiser(admin);
  const { db } = ctx;
  const now = ctx.clock.now();
  const items: ComplianceQueueItem[] = [];

  for (const submission of await offeredSubmissions(db)) {
    // An offered submission always has its offer; none yet weighs as nothing to pay.
    const amountCents = submission.finalOffer ?? 0;
    const blockers = await paymentBlockers(db, {
      submissionId: submission.id,
      userId: submission.userId,
      amountCents,
      buysItems: true,
    });
    for (const blocker of blockers) {
      if (blocker.kind === 'id') {
        const waiting = (await latestKycRecord(db, submission.userId))?.status === 'pending';
        items.push(
          itemOf(submission, {
            kind: 'id',
            message: blockMessages.id,
            clearedBy: waiting ? 'review-id' : 'request-id',
            action: waiting ? actions.reviewId : actions.requestId,
          }),
        );
      } else if (blocker.kind === 'report') {
        // One row per item, naming what its police report line lacks and who supplies it.
        for (const { item, problems } of blocker.reportLines ?? []) {
          const kinds = problems.map((problem) => problem.kind);
          const only = (kind: (typeof kinds)[number]) => kinds.every((k) => k === kind);
          items.push(
            itemOf(submission, {
              kind: 'report',
              message: policeReportLineSentence(item, problems),
              clearedBy: only('address') ? 'seller' : only('id') ? 'request-id' : 'complete-report-line',
              action: kinds.map((kind) => policeReportLineActions[kind]).join(' '),
            }),
          );
        }
      } else if (blocker.kind === 'statement') {
        items.push(
          itemOf(submission, { kind: 'statement', message: blocker.message, clearedBy: 'seller', action: actions.seller }),
        );
      }
    }
  }

  for (const { transactionId, hold, submission } of await heldPayouts(db)) {
    const blocked = hold === 'sanctions-blocked';
    items.push(
      itemOf(submission, {
        kind: 'sanctions',
        transactionId,
        message: blocked
          ? 'The payout is blocked: an appraiser found the seller on the sanctions list.'
          : "The payout is held: the seller's name is a possible match on the sanctions list.",
        clearedBy: blocked ? 'none' : 'decide-sanctions',
        action: blocked ? actions.blocked : actions.sanctions,
      }),
    );
  }

  for (const submission of await boughtItemsOnHold(db, now)) {
    const hold = holdViewOf(submission.holdUntil, submission.complianceRule, now);
    if (!hold) continue;
    items.push(
      itemOf(submission, {
        kind: 'hold',
        message: `${hold.label} (${hold.basis}): no melting, resale or consignment before then.`,
        clearedBy: 'time',
        action: actions.hold,
      }),
    );
  }
  return items;
}
