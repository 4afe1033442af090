// The appraiser's bench (issue 28 item 1, modules/bench): the register of instruments, and each
// offer line's tests. A trigger (in the migration 0036_bench_tests.sql) refuses a test taken with
// an instrument past its calibration day or retired, whatever code writes it.
import { instrumentKinds, testMethods, type BenchReading } from '@assay/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { offerLines } from './offers.ts';
import { oneOf } from './one-of.ts';
import { submissionImages } from './submissions.ts';

export const instruments = pgTable(
  'instruments',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: instrumentKinds }).notNull(),
    serial: text('serial').notNull(),
    /** UTC calendar days, as the trigger compares them with a test's day. */
    lastCalibratedOn: date('last_calibrated_on', { mode: 'string' }),
    nextCalibrationDue: date('next_calibration_due', { mode: 'string' }).notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('instruments_kind_check', oneOf(t.kind, instrumentKinds)),
    check(
      'instruments_calibration_order_check',
      sql`${t.lastCalibratedOn} is null or ${t.nextCalibrationDue} > ${t.lastCalibratedOn}`,
    ),
    check('instruments_name_check', sql`length(${t.name}) between 1 and 80 and length(${t.serial}) between 1 and 80`),
  ],
);

export const itemTests = pgTable(
  'item_tests',
  {
    id: text('id').primaryKey(),
    offerLineId: text('offer_line_id')
      .notNull()
      .references(() => offerLines.id, { onDelete: 'cascade' }),
    method: text('method', { enum: testMethods }).notNull(),
    /** Null only for a lab report, which names its lab and report number instead. */
    instrumentId: text('instrument_id').references(() => instruments.id, { onDelete: 'restrict' }),
    labName: text('lab_name'),
    reportNumber: text('report_number'),
    /** The reading, typed by method (packages/domain benchReadingSchema); its `method` matches the column. */
    reading: jsonb('reading').$type<BenchReading>().notNull(),
    testedBy: text('tested_by').references(() => users.id, { onDelete: 'set null' }),
    testedAt: timestamp('tested_at', { withTimezone: true }).notNull(),
    /** The item on the scale: an intake photo of the submission. */
    photoImageId: text('photo_image_id').references(() => submissionImages.id, { onDelete: 'set null' }),
    /** The test this row copies when a line moved into a new offer version (null for a test taken). */
    copiedFrom: text('copied_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('item_tests_line_idx').on(t.offerLineId, t.testedAt),
    check('item_tests_method_check', oneOf(t.method, testMethods)),
    check('item_tests_reading_method_check', sql`${t.reading} ->> 'method' = ${t.method}`),
    check(
      'item_tests_instrument_check',
      sql`case when ${t.method} = 'lab-report' then ${t.instrumentId} is null and ${t.labName} is not null and ${t.reportNumber} is not null else ${t.instrumentId} is not null end`,
    ),
  ],
);
