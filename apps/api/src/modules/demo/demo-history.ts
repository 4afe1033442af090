// The audit trail of a sample submission written whole, as the real flows would have written it.
import type { AuditAction } from '@assay/domain';
import type { AuditEntryInput } from '../audit/index.ts';
import type { buildSubmission } from '../../db/factories.ts';

const HOUR = 60 * 60 * 1000;

type SeededSubmission = ReturnType<typeof buildSubmission>;

/** The audit trail the real flows would have written, so the demo's timelines are not empty. */
export function demoHistory(s: SeededSubmission, clientId: string, adminId: string) {
  const createdAt = s.createdAt as Date;
  const entry = (
    actorId: string,
    action: AuditAction,
    fromStatus: string | null,
    toStatus: string,
    at: Date,
  ): AuditEntryInput => ({
    actorId,
    entityType: 'submission',
    entityId: s.id!,
    action,
    fromStatus,
    toStatus,
    createdAt: at,
  });
  const rows = [entry(clientId, 'created', null, 'new', createdAt)];
  if (s.receivedAt) rows.push(entry(adminId, 'received', 'new', 'appraising', s.receivedAt));
  if (s.offeredAt) rows.push(entry(adminId, 'offer_submitted', s.receivedAt ? 'appraising' : 'new', 'offered', s.offeredAt));
  const closedAt = new Date((s.offeredAt ?? createdAt).getTime() + 6 * HOUR);
  if (s.status === 'completed') rows.push(entry(clientId, 'payout_requested', 'offered', 'completed', closedAt));
  if (s.status === 'returned' || s.status === 'returning')
    rows.push(entry(clientId, 'offer_declined', 'offered', 'returning', closedAt));
  if (s.status === 'returned')
    rows.push(entry(adminId, 'return_delivered', 'returning', 'returned', new Date(closedAt.getTime() + 72 * HOUR)));
  return rows;
}
