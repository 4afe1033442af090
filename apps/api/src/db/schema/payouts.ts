import { adminPayoutStatuses, payoutMethods, type ShownPayoutDetails } from '@assay/domain';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { oneOf } from './one-of.ts';
import { submissions } from './submissions.ts';

export const transactions = pgTable(
  'transactions',
  {
    id: text('id').primaryKey(),
    // Unique: exactly one payout per submission, even under concurrent double-clicks.
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    grossAmount: numeric('gross_amount', { precision: 12, scale: 2 }).notNull(),
    feeAmount: numeric('fee_amount', { precision: 12, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    payoutMethod: text('payout_method').notNull(),
    // Only what may be shown: holder name, last 4 digits, PayPal e-mail. Never full bank numbers.
    payoutDetails: jsonb('payout_details').$type<ShownPayoutDetails>().notNull(),
    // AES-GCM ciphertext of the full bank numbers; decrypted only to send money.
    encryptedBankDetails: text('encrypted_bank_details'),
    status: text('status').notNull().default('pending'),
    reference: text('reference'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transactions_submission_idx').on(t.submissionId),
    index('transactions_user_idx').on(t.userId),
    // The appraisers' "payouts to send" queue, oldest first; small, since sent rows leave it.
    index('transactions_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    check('transactions_payout_method_check', oneOf(t.payoutMethod, payoutMethods)),
    // A payout is recorded pending and marked sent; the appraisers' queue filters by the same two.
    check('transactions_status_check', oneOf(t.status, adminPayoutStatuses)),
  ],
);

export const kycRecords = pgTable(
  'kyc_records',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    fullName: text('full_name').notNull(),
    dateOfBirth: text('date_of_birth').notNull(),
    idType: text('id_type').notNull(),
    idNumberLast4: text('id_number_last4').notNull(),
    encryptedIdNumber: text('encrypted_id_number').notNull(),
    idImageKey: text('id_image_key'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kyc_records_user_idx').on(t.userId, t.createdAt)],
);
