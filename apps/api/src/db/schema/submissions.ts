import {
  dispositionActions,
  itemTypes,
  type QuoteBasis,
  type ReservePayout,
  type StoredComplianceRule,
  itemOutcomes,
  MAX_ITEMS_PER_SUBMISSION,
  stoneChoices,
  submissionCategories,
  submissionStatuses,
  weightUnits,
} from '@assay/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import type { AuditAction, AuditChanges, AuditEntityType } from '@assay/domain';
import { oneOf } from './one-of.ts';
import { money } from './money.ts';

export const submissions = pgTable(
  'submissions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    category: text('category', { enum: submissionCategories }).notNull(),
    description: text('description').notNull(),
    estimatedWeight: numeric('estimated_weight', { precision: 12, scale: 4 }).notNull(),
    weightUnit: text('weight_unit', { enum: weightUnits }).notNull(),
    preliminaryQuoteMin: money('submissions', 'preliminary_quote_min'),
    preliminaryQuoteMax: money('submissions', 'preliminary_quote_max'),
    finalOffer: money('submissions', 'final_offer'),
    actualWeight: numeric('actual_weight', { precision: 12, scale: 4 }),
    adminNotes: text('admin_notes'),
    status: text('status', { enum: submissionStatuses }).notNull().default('new'),
    guaranteeDeadline: timestamp('guarantee_deadline', { withTimezone: true }).notNull(),
    requiresKyc: boolean('requires_kyc').notNull().default(false),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    consignmentRequestedAt: timestamp('consignment_requested_at', { withTimezone: true }),
    /** What the seller said it is (one of the pricing item types), when they did: the quote is then metal-aware. */
    material: text('material', { enum: itemTypes }),
    /** The live prices and payout rates a metal-aware quote used; null for SPEC 9's table quote. */
    quoteBasis: jsonb('quote_basis').$type<QuoteBasis>(),
    /** Declared to the carrier and printed on the packing slip: one parcel's share of the declared value, up to the insured limit. */
    insuredValue: money('submissions', 'insured_value'),
    /**
     * What the contents are worth (issue 27 item 1): the higher of the quote's maximum and the named
     * metal's melt value at creation, uncapped; above the insured limit it ships as several parcels.
     * Null for submissions from before it was stored.
     */
    declaredValue: money('submissions', 'declared_value'),
    /**
     * The guaranteed floor (issue 27 item 2), computed at creation from the server's prices: the
     * sum of its items' floors (each the published share of its quote's low end), and the goodwill
     * owed once per parcel when an offer misses it for a reason the measured facts do not explain.
     * Both null when no item was priced from a named metal.
     */
    guaranteeFloor: money('submissions', 'guarantee_floor'),
    guaranteeGoodwill: money('submissions', 'guarantee_goodwill'),
    /**
     * The seller's reserve (decision 040): an offer at or above it is accepted for them, below it
     * the parcel comes back free. `reserve_payout` is how that acceptance pays (PayPal or check,
     * never bank numbers); `reserve_met_at` is when an offer met it, the start of the 24 h in
     * which the seller may still decline and no payout exists.
     */
    reserve: money('submissions', 'reserve'),
    reservePayout: jsonb('reserve_payout').$type<ReservePayout>(),
    reserveMetAt: timestamp('reserve_met_at', { withTimezone: true }),
    /** The way back (status returning): the return parcel's tracking number and when it was delivered. */
    returnTrackingNumber: text('return_tracking_number'),
    returnDeliveredAt: timestamp('return_delivered_at', { withTimezone: true }),
    /**
     * DECISIONS "Compliance": the rule the parcel was received under (seller's and vault's rows
     * combined, the table's version, which row each field came from), kept as it was that day so a
     * later change of the table never changes what a past purchase owed. Null for submissions not
     * yet received, and for those received before the rules existed (they predate the table).
     */
    complianceRule: jsonb('compliance_rule').$type<StoredComplianceRule>(),
    /** The end of the hold: no melt, resale or consignment before it. Null exactly when the rule is. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** What happened to a bought item after its hold (melt, resell, consign), and when. */
    disposition: text('disposition'),
    disposedAt: timestamp('disposed_at', { withTimezone: true }),
    /** When its personal data was erased after the retention period (modules/records-retention); null until then. */
    personalDataErasedAt: timestamp('personal_data_erased_at', { withTimezone: true }),
    // Optimistic concurrency: two admins writing at once cannot silently overwrite each other.
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Keyset pagination of the mailbox: newest first, filtered by status and/or category.
    index('submissions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('submissions_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('submissions_category_created_idx').on(t.category, t.createdAt.desc(), t.id.desc()),
    // A mailbox card and a category tab at once ("New" among "Loose Gems").
    index('submissions_status_category_created_idx').on(t.status, t.category, t.createdAt.desc(), t.id.desc()),
    index('submissions_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('submissions_kyc_idx')
      .on(t.requiresKyc)
      .where(sql`${t.requiresKyc}`),
    // The mailbox search by the short id printed on the card and the label (its last 8 characters).
    index('submissions_short_id_idx').on(sql`lower(right(${t.id}, 8))`),
    // The mailbox's "nearing the 48 h deadline" count: a range scan over pending submissions only.
    index('submissions_pending_deadline_idx')
      .on(t.guaranteeDeadline)
      .where(sql`${t.status} in ('new', 'appraising')`),
    check('submissions_status_check', oneOf(t.status, submissionStatuses)),
    check('submissions_category_check', oneOf(t.category, submissionCategories)),
    check('submissions_weight_unit_check', oneOf(t.weightUnit, weightUnits)),
    check('submissions_disposition_check', sql`${t.disposition} is null or ${oneOf(t.disposition, dispositionActions)}`),
    check('submissions_material_check', sql`${t.material} is null or ${oneOf(t.material, itemTypes)}`),
    check(
      'submissions_reserve_payout_check',
      sql`(${t.reserve} is null or ${t.reserve} > 0 and ${t.reservePayout} is not null) and (${t.reserveMetAt} is null or ${t.reserve} is not null)`,
    ),
    check(
      'submissions_guarantee_whole_check',
      // Any item may carry the floor (decision 042), so item 1's material no longer has to be named.
      sql`(${t.guaranteeFloor} is null) = (${t.guaranteeGoodwill} is null)`,
    ),
  ],
);

/** A submission as the database hands it back: the one row type every module reads. */
export type SubmissionRow = typeof submissions.$inferSelect;

/**
 * The items of one parcel (issue 27 item 5, decision 042), each priced, photographed and decided on
 * by itself. Item 1 repeats the submission's own description, category, weight and material (SPEC's
 * one-item submission); the submission's quote and declared value are the items' sums.
 */
export const submissionItems = pgTable(
  'submission_items',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    category: text('category', { enum: submissionCategories }).notNull(),
    description: text('description').notNull(),
    estimatedWeight: numeric('estimated_weight', { precision: 12, scale: 4 }).notNull(),
    weightUnit: text('weight_unit', { enum: weightUnits }).notNull(),
    material: text('material', { enum: itemTypes }),
    stoneChoice: text('stone_choice', { enum: stoneChoices }),
    preliminaryQuoteMin: money('submission_items', 'preliminary_quote_min').notNull(),
    preliminaryQuoteMax: money('submission_items', 'preliminary_quote_max').notNull(),
    /** The higher of the item's quote maximum and its named metal's melt value: what its return is insured for. */
    declaredValue: money('submission_items', 'declared_value').notNull(),
    /** The floor promised on this item (decision 036, per item since 042); null unless priced from a named metal. */
    guaranteeFloor: money('submission_items', 'guarantee_floor'),
    /** Set once the offer is settled: bought, or in the return parcel. */
    outcome: text('outcome', { enum: itemOutcomes }),
  },
  (t) => [
    uniqueIndex('submission_items_submission_position_idx').on(t.submissionId, t.position),
    check('submission_items_position_check', sql`${t.position} between 1 and ${sql.raw(String(MAX_ITEMS_PER_SUBMISSION))}`),
    check('submission_items_category_check', oneOf(t.category, submissionCategories)),
    check('submission_items_weight_unit_check', oneOf(t.weightUnit, weightUnits)),
    check('submission_items_weight_check', sql`${t.estimatedWeight} > 0`),
    check('submission_items_material_check', sql`${t.material} is null or ${oneOf(t.material, itemTypes)}`),
    check('submission_items_stone_choice_check', sql`${t.stoneChoice} is null or ${oneOf(t.stoneChoice, stoneChoices)}`),
    check('submission_items_outcome_check', sql`${t.outcome} is null or ${oneOf(t.outcome, itemOutcomes)}`),
    check('submission_items_quote_check', sql`${t.preliminaryQuoteMin} <= ${t.preliminaryQuoteMax}`),
  ],
);
export type SubmissionItemRow = typeof submissionItems.$inferSelect;

// Photos are uploaded before their submission exists, so the owner is kept separately.
export const submissionImages = pgTable(
  'submission_images',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    submissionId: text('submission_id').references(() => submissions.id, { onDelete: 'cascade' }),
    /** The item it shows; null for photos added to the whole parcel later ("Request More Photos"). */
    itemId: text('item_id').references(() => submissionItems.id, { onDelete: 'cascade' }),
    // 'submission' (item photos) or 'kyc' (a photo of an ID document, never shown beside items).
    purpose: text('purpose').notNull().default('submission'),
    status: text('status').notNull().default('pending'),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    contentType: text('content_type'),
    byteSize: integer('byte_size'),
    width: integer('width'),
    height: integer('height'),
    position: integer('position'),
    uploadExpiresAt: timestamp('upload_expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('submission_images_submission_idx').on(t.submissionId),
    index('submission_images_owner_idx').on(t.ownerId),
    uniqueIndex('submission_images_storage_key_idx').on(t.storageKey),
  ],
);

// Who did what to a submission and when; also the status timeline the client sees.
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    entityType: text('entity_type').$type<AuditEntityType>().notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    changes: jsonb('changes').$type<AuditChanges>(),
    // clock_timestamp(), not now(): entries written in one transaction (an offer and the reserve
    // that accepted it) keep the order they were written in, where now() would give them one time.
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);

// Running totals of submissions per (status, category, requires_kyc), kept exact by triggers on
// submissions (migration 'submission_counters'). Each writing statement appends its net change as
// rows here, so concurrent writers never wait on (or deadlock over) a shared counter row; reading
// compacts them back to one row per bucket (at most 5 x 3 x 2 = 30). Never written by the app.
export const submissionCounts = pgTable('submission_counts', {
  status: text('status').notNull(),
  category: text('category').notNull(),
  requiresKyc: boolean('requires_kyc').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
});
