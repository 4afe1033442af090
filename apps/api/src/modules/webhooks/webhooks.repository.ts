import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhookInbox, webhookTransmissions } from '../../db/schema/index.ts';

export type WebhookInboxRow = typeof webhookInbox.$inferSelect;
export type WebhookProvider = 'paypal' | 'easypost';
export type WebhookInboxStatus = 'received' | 'processed' | 'failed' | 'ignored';

/** Stores a verified delivery once: null when this provider's event id is already in the inbox. */
export async function insertInboxEvent(
  db: DbOrTx,
  row: { provider: WebhookProvider; eventId: string; eventType: string; payload: unknown; receivedAt: Date },
): Promise<WebhookInboxRow | null> {
  const [stored] = await db
    .insert(webhookInbox)
    .values({ id: crypto.randomUUID(), ...row })
    .onConflictDoNothing({ target: [webhookInbox.provider, webhookInbox.eventId] })
    .returning();
  return stored ?? null;
}

/**
 * Takes a transmission id for its first body: null when this provider's id was already taken, and
 * then the body it was taken with is read by findTransmission.
 */
export async function claimTransmission(
  db: DbOrTx,
  row: { provider: 'paypal'; transmissionId: string; bodySha256: string; eventId: string; receivedAt: Date },
): Promise<{ transmissionId: string } | null> {
  const [claimed] = await db
    .insert(webhookTransmissions)
    .values(row)
    .onConflictDoNothing({ target: [webhookTransmissions.provider, webhookTransmissions.transmissionId] })
    .returning({ transmissionId: webhookTransmissions.transmissionId });
  return claimed ?? null;
}

export async function findTransmission(db: DbOrTx, provider: 'paypal', transmissionId: string) {
  const [row] = await db
    .select()
    .from(webhookTransmissions)
    .where(and(eq(webhookTransmissions.provider, provider), eq(webhookTransmissions.transmissionId, transmissionId)));
  return row ?? null;
}

/** The inbox row as it stands, unlocked: read before asking a provider, outside any transaction. */
export async function findInboxEvent(db: DbOrTx, id: string): Promise<WebhookInboxRow | null> {
  const [row] = await db.select().from(webhookInbox).where(eq(webhookInbox.id, id));
  return row ?? null;
}

/** An attempt that failed before it could apply anything (the provider away): counted, with why. */
export async function noteInboxAttempt(db: DbOrTx, id: string, attempt: { attempts: number; lastError: string }) {
  await db.update(webhookInbox).set(attempt).where(eq(webhookInbox.id, id));
}

/** The inbox row, locked until the caller's transaction ends, so two runs of its job take turns. */
export async function lockInboxEvent(db: DbOrTx, id: string): Promise<WebhookInboxRow | null> {
  const [row] = await db.select().from(webhookInbox).where(eq(webhookInbox.id, id)).for('update');
  return row ?? null;
}

export async function finishInboxEvent(
  db: DbOrTx,
  id: string,
  outcome: { status: WebhookInboxStatus; lastError?: string | null; at: Date; attempts: number },
): Promise<void> {
  await db
    .update(webhookInbox)
    .set({ status: outcome.status, lastError: outcome.lastError ?? null, processedAt: outcome.at, attempts: outcome.attempts })
    .where(eq(webhookInbox.id, id));
}

/**
 * A transmission id only has to be remembered while a delivery carrying it could still pass the
 * age window (at most an hour, PAYPAL_WEBHOOK_MAX_AGE_SECONDS); older ones are removed.
 */
export async function pruneTransmissions(db: DbOrTx, receivedBefore: Date) {
  await db.delete(webhookTransmissions).where(lt(webhookTransmissions.receivedAt, receivedBefore));
}
