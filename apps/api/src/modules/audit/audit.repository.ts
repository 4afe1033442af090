// The one writer and reader of the audit log. Every module records through writeAuditEntry, inside
// its own business transaction, so an action and its entry commit or vanish together.
import { and, asc, eq, or } from 'drizzle-orm';
import type { AuditAction, AuditChanges, AuditEntityType } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';

export interface AuditEntryInput {
  /** Null for the system (a job, a provider's webhook). */
  actorId: string | null;
  entityType: AuditEntityType;
  entityId: string;
  action: AuditAction;
  fromStatus?: string | null;
  toStatus?: string | null;
  changes?: AuditChanges | null;
  /** Only for rows that recreate the past (the demo seed); otherwise the database's now(). */
  createdAt?: Date;
}

export const toAuditRow = (entry: AuditEntryInput): typeof auditLog.$inferInsert => ({
  id: crypto.randomUUID(),
  actorId: entry.actorId,
  entityType: entry.entityType,
  entityId: entry.entityId,
  action: entry.action,
  fromStatus: entry.fromStatus ?? null,
  toStatus: entry.toStatus ?? null,
  changes: entry.changes ?? null,
  ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
});

export async function writeAuditEntry(tx: DbOrTx, entry: AuditEntryInput): Promise<void> {
  await tx.insert(auditLog).values(toAuditRow(entry));
}

export async function writeAuditEntries(tx: DbOrTx, entries: readonly AuditEntryInput[]): Promise<void> {
  if (entries.length) await tx.insert(auditLog).values(entries.map(toAuditRow));
}

export interface AuditRef {
  entityType: AuditEntityType;
  entityId: string;
}

/** Entries of several records (a submission and its payout), oldest first, with who acted. */
export function listAuditEntries(db: DbOrTx, refs: readonly AuditRef[]) {
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      fromStatus: auditLog.fromStatus,
      toStatus: auditLog.toStatus,
      changes: auditLog.changes,
      actorId: users.id,
      actorName: users.name,
      actorEmail: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(or(...refs.map((ref) => and(eq(auditLog.entityType, ref.entityType), eq(auditLog.entityId, ref.entityId)))))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

export type AuditListRow = Awaited<ReturnType<typeof listAuditEntries>>[number];
