import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { webhookInbox } from '../../db/schema/index.ts';

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
