import type { ShippingAddress } from '@assay/domain';
import { index, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { submissions } from './submissions.ts';

export const shippingLabels = pgTable(
  'shipping_labels',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 'inbound' (client to Assay) or 'return' (Assay back to the client after a declined offer).
    direction: text('direction').notNull().default('inbound'),
    trackingNumber: text('tracking_number').notNull().unique(),
    carrier: text('carrier').notNull(),
    validForPostage: text('valid_for_postage').notNull().default('no'),
    insuredValue: numeric('insured_value', { precision: 12, scale: 2 }).notNull(),
    // Written only from checked addresses (the client's, RECEIVING_ADDRESS), as printed.
    sender: jsonb('sender').$type<ShippingAddress>().notNull(),
    receiver: jsonb('receiver').$type<ShippingAddress>().notNull(),
    freeReturn: text('free_return'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipping_labels_submission_direction_idx').on(t.submissionId, t.direction),
    index('shipping_labels_user_idx').on(t.userId, t.createdAt),
  ],
);
