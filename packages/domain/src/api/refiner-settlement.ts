// The request shapes of a refiner's settlement (issue 28 item 4), typed into a form or imported as
// CSV (docs/refiner-settlement-csv.md). Both run the domain's one check, so a bad settlement is a
// 400 carrying the same sentences whichever way it came; the route then reads the settlement with
// checkSettlement / parseSettlementCsv, which answer the same.
import { z } from 'zod';
import { MAX_DECIMAL_TEXT_LENGTH } from '../exact-decimal.ts';
import {
  checkSettlement,
  MAX_SETTLEMENT_CSV_CHARS,
  MAX_SETTLEMENT_ROWS,
  MAX_SETTLEMENT_TEXT_LENGTH,
  parseSettlementCsv,
} from '../refiner-settlement.ts';

const text = (what: string, max: number) =>
  z.string({ error: `The ${what} must be text.` }).max(max, `The ${what} can be at most ${max} characters.`);
const decimal = (what: string) => text(what, MAX_DECIMAL_TEXT_LENGTH);
const lotId = z.string({ error: 'A lot id must be text.' }).max(MAX_SETTLEMENT_TEXT_LENGTH, 'That lot id is too long.');
const rows = <T extends z.ZodType>(row: T, what: string) =>
  z
    .array(row, { error: `The ${what} must be a list.` })
    .max(MAX_SETTLEMENT_ROWS, `A settlement can have at most ${MAX_SETTLEMENT_ROWS} ${what}.`);

/** POST body of a settlement typed in: text as typed, the checks are checkSettlement's. */
export const settlementDraftSchema = z
  .object({
    refiner: text("refiner's name", MAX_SETTLEMENT_TEXT_LENGTH),
    reference: text('settlement reference', MAX_SETTLEMENT_TEXT_LENGTH),
    date: text('date', 10),
    wire: decimal('wire amount'),
    lots: rows(z.object({ lotId, preMeltGrams: decimal('pre-melt weight'), postMeltGrams: decimal('post-melt weight') }), 'lots'),
    metals: rows(
      z.object({
        lotId: lotId.nullable(),
        metal: text('metal', 20),
        assayPercent: decimal('assay'),
        fineOz: decimal('fine ounces'),
        pricePerOz: decimal('price per ounce'),
        amount: decimal('amount'),
      }),
      'metal lines',
    ),
    charges: rows(z.object({ kind: text('charge', 20), lotId: lotId.nullable(), amount: decimal('charge amount') }), 'charges'),
  })
  .superRefine(
    (draft, ctx) => {
      const result = checkSettlement(draft);
      if (!result.ok) for (const message of result.problems) ctx.addIssue({ code: 'custom', message });
    },
    // A field already refused (too long) is said once, not again by the check.
    { when: (payload) => payload.issues.length === 0 },
  );
export type SettlementDraftInput = z.input<typeof settlementDraftSchema>;

/** POST body of a settlement imported from a file: the CSV text. */
export const settlementImportSchema = z
  .object({
    csv: z
      .string({ error: 'Please attach the settlement as CSV text.' })
      .max(
        MAX_SETTLEMENT_CSV_CHARS,
        `The file is too long for a settlement: at most ${MAX_SETTLEMENT_CSV_CHARS.toLocaleString('en-US')} characters.`,
      ),
  })
  .superRefine(
    (body, ctx) => {
      const result = parseSettlementCsv(body.csv);
      if (!result.ok) for (const message of result.problems) ctx.addIssue({ code: 'custom', message, path: ['csv'] });
    },
    { when: (payload) => payload.issues.length === 0 },
  );
export type SettlementImportInput = z.input<typeof settlementImportSchema>;
