// docs/refiner-settlement-csv.md promises that its example is a settlement the reader accepts; the
// domain's test reads a copy of it, and this test reads the document itself, so neither drifts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allocateSettlement, parseSettlementCsv } from '@assay/domain';

const docPath = path.resolve(import.meta.dirname, '../docs/refiner-settlement-csv.md');

describe('docs/refiner-settlement-csv.md', () => {
  it('has an example the reader accepts, whose lots add up to its wire', () => {
    const example = /```csv\n([\s\S]*?)```/.exec(readFileSync(docPath, 'utf8'))?.[1];
    expect(example, 'the document has a ```csv block').toBeDefined();
    const result = parseSettlementCsv(example ?? '');
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.settlement).toMatchObject({ wireCents: 8_120_757, grossCents: 8_180_547, chargesCents: 59_790 });
    expect(allocateSettlement(result.settlement).reduce((sum, lot) => sum + lot.netCents, 0)).toBe(8_120_757);
  });
});
