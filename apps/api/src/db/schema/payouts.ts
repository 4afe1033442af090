import {
  CHECK_NUMBER_MAX,
  chartOfAccounts,
  complianceHolds,
  checkStatuses,
  payoutMethods,
  payoutRails,
  payoutStatuses,
  payoutTransitions,
  type ShownPayoutDetails,
} from '@assay/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PostalArea } from '../../lib/personal-data.ts';
import { users } from './auth.ts';
import { keptEmpty, streetKeptOut } from './sealed.ts';
import { oneOf } from './one-of.ts';
import { money } from './money.ts';
import { refinerSettlements } from './refiners.ts';
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
    grossAmount: money('transactions', 'gross_amount').notNull(),
    feeAmount: money('transactions', 'fee_amount').notNull(),
    amount: money('transactions', 'amount').notNull(),
    // Decision 036: the goodwill owed for an offer below the guaranteed floor, paid whole with this
    // payout (amount = gross - fee + goodwill). A declined offer's goodwill is the submission's one
    // payout: gross and fee 0, the amount the goodwill.
    goodwillAmount: money('transactions', 'goodwill_amount').notNull().default(0),
    payoutMethod: text('payout_method', { enum: payoutMethods }).notNull(),
    // Only what may be shown: holder name, last 4 digits, PayPal e-mail. Never full bank numbers.
    payoutDetails: jsonb('payout_details').$type<ShownPayoutDetails>().notNull(),
    // AES-GCM ciphertext of the full bank numbers; decrypted only to send money.
    encryptedBankDetails: text('encrypted_bank_details'),
    // The payout lifecycle (packages/domain payout-lifecycle.ts); written only by its status gate.
    status: text('status', { enum: payoutStatuses }).notNull().default('pending'),
    // How the money moves (manual, ach-file, paypal, check) and the rail's own reference for it.
    rail: text('rail', { enum: payoutRails }).notNull().default('manual'),
    reference: text('reference'),
    // Why it failed or came back, as the rail said it ('R02', 'RECEIVER_UNREGISTERED').
    statusReasonCode: text('status_reason_code'),
    statusReason: text('status_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    // 1, then one more for each retry with new details: still this one payout, never a second.
    attempt: integer('attempt').notNull().default(1),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    // Set while the seller's name waits for a sanctions decision ('sanctions-review') or after an
    // appraiser blocked it ('sanctions-blocked'): no rail hands over, batches or pays a held payout.
    complianceHold: text('compliance_hold', { enum: complianceHolds }),
    // Four eyes on large payments (payout-approval.ts): set at acceptance when the offer is above
    // DUAL_APPROVAL_ABOVE; no rail takes the payout until approved_by names a second admin, never
    // offer_made_by (the admin who made the accepted offer version). Older payouts predate the rule.
    approvalRequired: boolean('approval_required').notNull().default(false),
    offerMadeBy: text('offer_made_by').references(() => users.id, { onDelete: 'set null' }),
    // Restrict: the record of who let the money go stays as long as the payout does.
    approvedBy: text('approved_by').references(() => users.id, { onDelete: 'restrict' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
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
    check('transactions_status_check', oneOf(t.status, payoutStatuses)),
    check('transactions_rail_check', oneOf(t.rail, payoutRails)),
    check('transactions_attempt_check', sql`${t.attempt} >= 1`),
    check(
      'transactions_goodwill_check',
      sql`${t.goodwillAmount} >= 0 and (${t.grossAmount} > 0 or (${t.goodwillAmount} > 0 and ${t.feeAmount} = 0))`,
    ),
    check('transactions_compliance_hold_check', oneOf(t.complianceHold, complianceHolds)),
    // An approval is whole (who and when), only on a payout that needs one, and never by the offer's maker.
    check(
      'transactions_approval_check',
      sql`(${t.approvedBy} is null) = (${t.approvedAt} is null) and (${t.approvedAt} is null or ${t.approvalRequired})`,
    ),
    check(
      'transactions_approver_not_offer_maker_check',
      sql`${t.approvedBy} is null or ${t.offerMadeBy} is null or ${t.approvedBy} <> ${t.offerMadeBy}`,
    ),
  ],
);

/**
 * Every change of a payout's status, with the rail, its reference, the reason and the date
 * (DECISIONS "Money and parcels on real rails"): what the seller's timeline and the reconciliation
 * read. 'recorded' is the payout's first row, when the seller accepted the offer.
 */
export const payoutEvents = pgTable(
  'payout_events',
  {
    id: text('id').primaryKey(),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'restrict' }),
    attempt: integer('attempt').notNull(),
    transition: text('transition').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    rail: text('rail').notNull(),
    reference: text('reference'),
    reasonCode: text('reason_code'),
    reason: text('reason'),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payout_events_transaction_idx').on(t.transactionId, t.at),
    check('payout_events_transition_check', oneOf(t.transition, ['recorded', ...Object.keys(payoutTransitions)])),
    check('payout_events_to_status_check', oneOf(t.toStatus, payoutStatuses)),
    check('payout_events_rail_check', oneOf(t.rail, payoutRails)),
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
    // Sealed in encrypted_date_of_birth (lib/personal-data.ts); the clear column is kept empty by a
    // CHECK and only read by the start-up step that seals rows written before.
    plaintextDateOfBirth: text('date_of_birth'),
    encryptedDateOfBirth: text('encrypted_date_of_birth'),
    idType: text('id_type').notNull(),
    idNumberLast4: text('id_number_last4').notNull(),
    encryptedIdNumber: text('encrypted_id_number').notNull(),
    // The state or country that issued the ID (packages/domain id-issuer.ts), as police reports carry
    // it; null on checks sent before it was asked ("not recorded").
    idIssuer: text('id_issuer'),
    idImageKey: text('id_image_key'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kyc_records_user_idx').on(t.userId, t.createdAt),
    check('kyc_records_date_of_birth_sealed', keptEmpty(t.plaintextDateOfBirth)),
  ],
);

/**
 * Double-entry lines (packages/domain ledger.ts): every offer acceptance, hand-over to a rail,
 * payment, return and retry posts lines that balance, through the one posting function (ledger
 * module). Each line belongs to one posting and to exactly one payout or one refiner settlement
 * (a settlement is money from a refiner, not a payout: modules/ledger README); one side per line.
 */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: text('id').primaryKey(),
    postingId: text('posting_id').notNull(),
    transactionId: text('transaction_id').references(() => transactions.id, { onDelete: 'restrict' }),
    settlementId: text('settlement_id').references(() => refinerSettlements.id, { onDelete: 'restrict' }),
    account: text('account').notNull(),
    debitCents: bigint('debit_cents', { mode: 'number' }).notNull().default(0),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull().default(0),
    memo: text('memo').notNull(),
    // What posted it: 'offer_accepted', or a payout transition's name.
    event: text('event').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_lines_transaction_idx').on(t.transactionId, t.createdAt),
    index('ledger_lines_posting_idx').on(t.postingId),
    index('ledger_lines_settlement_idx').on(t.settlementId),
    check('ledger_lines_owner_check', sql`(${t.transactionId} is null) <> (${t.settlementId} is null)`),
    check(
      'ledger_lines_account_check',
      oneOf(
        t.account,
        chartOfAccounts.map((a) => a.account),
      ),
    ),
    check(
      'ledger_lines_one_side_check',
      sql`${t.debitCents} >= 0 and ${t.creditCents} >= 0 and (${t.debitCents} = 0) <> (${t.creditCents} = 0)`,
    ),
  ],
);

/**
 * ACH batches (issue 12 item 2): the pending ACH payouts gathered into one Nacha file for the
 * company's bank. The file itself is never stored: it is written again on each download from
 * these rows (the same creation time, modifier and trace numbers) with the account numbers
 * decrypted only for that.
 */
export const achBatches = pgTable(
  'ach_batches',
  {
    id: text('id').primaryKey(),
    fileCreatedAt: timestamp('file_created_at', { withTimezone: true }).notNull(),
    fileIdModifier: text('file_id_modifier').notNull(),
    entryCount: integer('entry_count').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    entryHash: text('entry_hash').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ach_batches_created_idx').on(t.createdAt),
    check('ach_batches_modifier_check', sql`${t.fileIdModifier} ~ '^[A-Z0-9]$'`),
  ],
);

/** One payout attempt in an ACH batch, under the trace number the bank's returns will name. */
export const achBatchEntries = pgTable(
  'ach_batch_entries',
  {
    id: text('id').primaryKey(),
    batchId: text('batch_id')
      .notNull()
      .references(() => achBatches.id, { onDelete: 'restrict' }),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'restrict' }),
    attempt: integer('attempt').notNull(),
    traceNumber: text('trace_number').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('ach_batch_entries_trace_idx').on(t.traceNumber),
    // A payout attempt goes into one file only: a second batch can never pay it again.
    uniqueIndex('ach_batch_entries_attempt_idx').on(t.transactionId, t.attempt),
    index('ach_batch_entries_batch_idx').on(t.batchId),
  ],
);

/**
 * Provider webhooks (issue 12 item 5): stored first, verified and de-duplicated by the provider's
 * event id, then processed by a job with retries; replaying an event finds it already here.
 */
export const webhookInbox = pgTable(
  'webhook_inbox',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('received'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_inbox_event_idx').on(t.provider, t.eventId),
    index('webhook_inbox_pending_idx')
      .on(t.receivedAt)
      .where(sql`${t.status} <> 'processed'`),
    check('webhook_inbox_provider_check', oneOf(t.provider, ['paypal', 'easypost'])),
    check('webhook_inbox_status_check', oneOf(t.status, ['received', 'processed', 'failed', 'ignored'])),
  ],
);

/**
 * Each PayPal transmission id is taken once (issue 25 item 2, decision 023): the signature covers
 * only the CRC32 of the body, so a second body under a captured transmission's headers can carry a
 * valid signature. The digest of the body first received tells a harmless repeat of the same bytes
 * from such a forgery. Rows older than the delivery window (PAYPAL_WEBHOOK_MAX_AGE_SECONDS) can no
 * longer match a delivery that would be accepted.
 */
export const webhookTransmissions = pgTable(
  'webhook_transmissions',
  {
    provider: text('provider').notNull(),
    transmissionId: text('transmission_id').notNull(),
    /** SHA-256 of the raw body first received under this id, hex. */
    bodySha256: text('body_sha256').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_transmissions_id_idx').on(t.provider, t.transmissionId),
    check('webhook_transmissions_provider_check', oneOf(t.provider, ['paypal'])),
  ],
);

/**
 * The check register (issue 12 item 4): each check printed for a payout attempt, its number, who
 * it pays, how much, where it was mailed (the seller's address when it was registered, kept as it
 * was) and what became of it. At most one live (not voided) check per payout; a voided check stays
 * in the register, its number used.
 */
export const checks = pgTable(
  'checks',
  {
    id: text('id').primaryKey(),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'restrict' }),
    attempt: integer('attempt').notNull(),
    checkNumber: integer('check_number').notNull(),
    payee: text('payee').notNull(),
    amount: money('checks', 'amount').notNull(),
    // Street lines and phone sealed in encrypted_mailing_street (lib/personal-data.ts).
    mailingAddress: jsonb('mailing_address').$type<PostalArea>().notNull(),
    encryptedMailingStreet: text('encrypted_mailing_street'),
    status: text('status', { enum: checkStatuses }).notNull().default('printed'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    registeredBy: text('registered_by').references(() => users.id, { onDelete: 'set null' }),
    mailedOn: date('mailed_on', { mode: 'string' }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
  },
  (t) => [
    uniqueIndex('checks_number_idx').on(t.checkNumber),
    uniqueIndex('checks_live_per_payout_idx')
      .on(t.transactionId)
      .where(sql`${t.status} <> 'voided'`),
    index('checks_registered_idx').on(t.registeredAt),
    check('checks_status_check', oneOf(t.status, checkStatuses)),
    check('checks_number_check', sql`${t.checkNumber} between 1 and ${sql.raw(String(CHECK_NUMBER_MAX))}`),
    check('checks_amount_check', sql`${t.amount} > 0`),
    // A mailed check has its day; a voided one its reason and time.
    check('checks_mailed_check', sql`${t.status} <> 'mailed' or ${t.mailedOn} is not null`),
    check('checks_mailing_address_street_sealed', streetKeptOut(t.mailingAddress)),
    check('checks_voided_check', sql`(${t.status} = 'voided') = (${t.voidedAt} is not null and ${t.voidReason} is not null)`),
  ],
);
