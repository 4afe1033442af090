// Refiners and their settlements (issue 28 item 4, modules/refiners). A refiner is a record with its
// terms and charges; a settlement is what one refiner paid for one or more melt lots (pooled when it
// melted them together), stored with its share per lot, so the margin reads the same figures the
// ledger was posted from. The reference is unique per refiner: importing one statement twice is a 409.
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { meltLots } from './melt-lots.ts';
import { money } from './money.ts';

export const refiners = pgTable(
  'refiners',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    terms: text('terms').notNull().default(''),
    // Refining is charged as a percent of the metal's value, or per fine ounce, or both.
    refiningPercent: numeric('refining_percent', { precision: 6, scale: 3 }),
    refiningPerOz: money('refiners', 'refining_per_oz'),
    assayFee: money('refiners', 'assay_fee'),
    shippingFee: money('refiners', 'shipping_fee'),
    wireFee: money('refiners', 'wire_fee'),
    // Where a lot's carrier label sends it (shippingAddressSchema, as a seller's address). All null
    // for a refiner that has none yet: it stays a valid record, but no lot can ship to it. A
    // business's address, not a person's, so it is not sealed (decision 028 seals people's).
    addressName: text('address_name'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    addressCity: text('address_city'),
    addressState: text('address_state'),
    addressPostalCode: text('address_postal_code'),
    addressPhone: text('address_phone'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One active refiner per name, case aside: a settlement names its refiner by name.
    uniqueIndex('refiners_active_name_idx')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.retiredAt} is null`),
    // An address is whole or absent: a label is never made from half of one.
    check(
      'refiners_address_check',
      sql`(${t.addressName} is null) = (${t.addressLine1} is null) and (${t.addressName} is null) = (${t.addressCity} is null) and (${t.addressName} is null) = (${t.addressState} is null) and (${t.addressName} is null) = (${t.addressPostalCode} is null) and (${t.addressName} is not null or (${t.addressLine2} is null and ${t.addressPhone} is null))`,
    ),
    check(
      'refiners_refining_percent_check',
      sql`${t.refiningPercent} is null or (${t.refiningPercent} >= 0 and ${t.refiningPercent} <= 100)`,
    ),
  ],
);
export type RefinerRow = typeof refiners.$inferSelect;

export const refinerSettlements = pgTable(
  'refiner_settlements',
  {
    id: text('id').primaryKey(),
    refinerId: text('refiner_id').references(() => refiners.id, { onDelete: 'restrict' }),
    refinerName: text('refiner_name').notNull(),
    reference: text('reference').notNull(),
    settledOn: date('settled_on').notNull(),
    wireCents: bigint('wire_cents', { mode: 'number' }).notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    chargesCents: bigint('charges_cents', { mode: 'number' }).notNull(),
    // 'form' or 'csv'; the CSV text itself is kept for the audit of what was imported.
    source: text('source').notNull(),
    csv: text('csv'),
    enteredBy: text('entered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refiner_settlements_reference_idx').on(sql`lower(${t.refinerName})`, t.reference),
    index('refiner_settlements_settled_on_idx').on(t.settledOn),
    check('refiner_settlements_net_check', sql`${t.wireCents} > 0 and ${t.grossCents} - ${t.chargesCents} = ${t.wireCents}`),
    check('refiner_settlements_source_check', sql`${t.source} in ('form', 'csv')`),
  ],
);
export type RefinerSettlementRow = typeof refinerSettlements.$inferSelect;

/** A settlement's share per lot (allocateSettlement): each lot once, ever. */
export const refinerSettlementLots = pgTable(
  'refiner_settlement_lots',
  {
    settlementId: text('settlement_id')
      .notNull()
      .references(() => refinerSettlements.id, { onDelete: 'restrict' }),
    meltLotId: text('melt_lot_id')
      .notNull()
      .references(() => meltLots.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    preMeltGrams: numeric('pre_melt_grams', { precision: 14, scale: 4 }).notNull(),
    postMeltGrams: numeric('post_melt_grams', { precision: 14, scale: 4 }).notNull(),
    // Per metal: assay, fine ounces, price, value; pooled or not (AllocatedLotMetal[]).
    metals: jsonb('metals').notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    chargesCents: bigint('charges_cents', { mode: 'number' }).notNull(),
    // Per charge kind (refining, assay, shipping, wire-fee, other), cents.
    charges: jsonb('charges').notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    // What the sellers were paid for the lot's items (the accepted offer lines): the cost posted.
    costCents: bigint('cost_cents', { mode: 'number' }).notNull(),
    estimatedFineGrams: numeric('estimated_fine_grams', { precision: 14, scale: 4 }),
    actualFineGrams: numeric('actual_fine_grams', { precision: 14, scale: 4 }),
  },
  (t) => [
    uniqueIndex('refiner_settlement_lots_lot_idx').on(t.meltLotId),
    uniqueIndex('refiner_settlement_lots_position_idx').on(t.settlementId, t.position),
    check('refiner_settlement_lots_net_check', sql`${t.grossCents} - ${t.chargesCents} = ${t.netCents}`),
    check('refiner_settlement_lots_cost_check', sql`${t.costCents} >= 0`),
  ],
);
