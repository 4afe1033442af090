import { describe, expect, test } from 'vitest';
import {
  allocateLargestRemainder,
  allocateSettlement,
  checkSettlement,
  fineWeightAccuracy,
  MAX_SETTLEMENT_PROBLEMS,
  parseSettlementCsv,
  readCsv,
  settlementCsvColumns,
  settlementDraftTotals,
  type RefinerSettlement,
  type SettlementDraft,
} from './refiner-settlement.ts';
import { parseExactDecimal } from './exact-decimal.ts';

/** The example of docs/refiner-settlement-csv.md (stack/refiner-settlement-doc.test.ts keeps them equal). */
const documentedExample = `kind,lot,metal,pre_melt_grams,post_melt_grams,assay_percent,fine_oz,price_per_oz,amount,detail
refiner,,,,,,,,,"Midwest Refining Co., Inc."
reference,,,,,,,,,MRC-2026-11-0457
date,,,,,,,,,2026-11-27
wire,,,,,,,,81207.57,
lot,L-14K-0031,,1250.40,1221.85,,,,,
lot,L-10K-0012,,612.20,598.35,,,,,
metal,,gold,,,52.95,30.8321,2650.00,81705.07,
metal,,silver,,,6.10,3.2128,31.25,100.40,
charge,,,,,,,,292.90,refining
charge,L-14K-0031,,,,,,,47.50,assay
charge,L-10K-0012,,,,,,,47.50,assay
charge,,,,,,,,185.00,shipping
charge,,,,,,,,25.00,wire-fee
`;
const example = documentedExample;
const HEAD = settlementCsvColumns.join(',');

function settled(text: string): RefinerSettlement {
  const result = parseSettlementCsv(text);
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.settlement;
}

function problemsOf(text: string): readonly string[] {
  const result = parseSettlementCsv(text);
  return result.ok ? [] : result.problems;
}

/** The documented example with one line replaced (1-based, the column line is line 1). */
function withLine(line: number, replacement: string | null): string {
  const lines = example.trimEnd().split('\n');
  if (replacement === null) lines.splice(line - 1, 1);
  else lines[line - 1] = replacement;
  return `${lines.join('\n')}\n`;
}

describe('readCsv (RFC 4180)', () => {
  test('commas, quotes, doubled quotes, line ends inside quotes, CRLF, a BOM and blank lines', () => {
    const result = readCsv('\uFEFFa,"b,c","say ""hi"""\r\n\r\n"two\nlines",,x\n');
    expect(result).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['a', 'b,c', 'say "hi"'] },
        { line: 3, fields: ['two\nlines', '', 'x'] },
      ],
    });
  });

  test('the last line needs no line end; an empty text has no records', () => {
    expect(readCsv('a,b')).toEqual({ ok: true, records: [{ line: 1, fields: ['a', 'b'] }] });
    expect(readCsv('')).toEqual({ ok: true, records: [] });
  });

  test('a stray or unclosed quote is refused with its line', () => {
    expect(readCsv('a,b\nx"y,z')).toEqual({
      ok: false,
      problem: 'Line 2: a quote can only open a field; write "" for a quote inside a quoted field.',
    });
    expect(readCsv('a\n"b" c')).toEqual({
      ok: false,
      problem: "Line 2: nothing may follow a quoted field's closing quote but a comma.",
    });
    expect(readCsv('a\n\n"open,\nb')).toEqual({ ok: false, problem: 'Line 3: a quoted field is never closed.' });
  });
});

describe('the documented example', () => {
  test('reads as a settlement whose net is its wire', () => {
    const settlement = settled(example);
    expect(settlement).toMatchObject({
      refiner: 'Midwest Refining Co., Inc.',
      reference: 'MRC-2026-11-0457',
      date: '2026-11-27',
      wireCents: 8_120_757,
      grossCents: 8_180_547,
      chargesCents: 59_790,
      netCents: 8_120_757,
      lots: [
        { lotId: 'L-14K-0031', preMeltGrams: '1250.4000', postMeltGrams: '1221.8500' },
        { lotId: 'L-10K-0012', preMeltGrams: '612.2000', postMeltGrams: '598.3500' },
      ],
    });
    expect(settlement.metals).toEqual([
      { lotId: null, metal: 'gold', assayPercent: '52.95', fineOz: '30.8321', pricePerOz: '2650.00', valueCents: 8_170_507 },
      { lotId: null, metal: 'silver', assayPercent: '6.10', fineOz: '3.2128', pricePerOz: '31.25', valueCents: 10_040 },
    ]);
    expect(settlement.charges).toEqual([
      { kind: 'refining', lotId: null, amountCents: 29_290 },
      { kind: 'assay', lotId: 'L-14K-0031', amountCents: 4_750 },
      { kind: 'assay', lotId: 'L-10K-0012', amountCents: 4_750 },
      { kind: 'shipping', lotId: null, amountCents: 18_500 },
      { kind: 'wire-fee', lotId: null, amountCents: 2_500 },
    ]);
  });

  test('columns in another order, CRLF and upper-case kinds read the same', () => {
    const rows = example
      .trimEnd()
      .split('\n')
      .map((line) => readCsv(line));
    const order = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0];
    const shuffled = rows
      .map((row) => {
        if (!row.ok) throw new Error(row.problem);
        const fields = row.records[0]!.fields;
        return order.map((i) => `"${fields[i]!.replaceAll('"', '""')}"`).join(',');
      })
      .join('\r\n')
      .replace(/"refiner"/, '"REFINER"');
    expect(settled(shuffled)).toEqual(settled(example));
  });

  test('is allocated onto its two lots by fine weight, adding up to the wire', () => {
    const lots = allocateSettlement(settled(example), {
      'L-14K-0031': { metal: 'gold', fineGrams: '680' },
      'L-10K-0012': { metal: 'gold', fineGrams: '350.0' },
    });
    expect(lots).toEqual([
      {
        lotId: 'L-14K-0031',
        metals: [
          {
            metal: 'gold',
            assayPercent: '52.95',
            actualFineGrams: '646.9696',
            fineOz: '20.6967',
            valueCents: 5_484_636,
            pooled: true,
          },
          {
            metal: 'silver',
            assayPercent: '6.10',
            actualFineGrams: '74.5329',
            fineOz: '2.1567',
            valueCents: 6_740,
            pooled: true,
          },
        ],
        grossCents: 5_491_376,
        chargesByKind: { refining: 19_662, assay: 4_750, shipping: 12_419, 'wire-fee': 1_678, other: 0 },
        chargesCents: 38_509,
        netCents: 5_452_867,
        estimatedFineGrams: '680.0000',
        actualFineGrams: '646.9696',
        accuracyPercent: '95.1',
        accuracy: 'normal',
      },
      {
        lotId: 'L-10K-0012',
        metals: [
          {
            metal: 'gold',
            assayPercent: '52.95',
            actualFineGrams: '316.8263',
            fineOz: '10.1354',
            valueCents: 2_685_871,
            pooled: true,
          },
          {
            metal: 'silver',
            assayPercent: '6.10',
            actualFineGrams: '36.4994',
            fineOz: '1.0561',
            valueCents: 3_300,
            pooled: true,
          },
        ],
        grossCents: 2_689_171,
        chargesByKind: { refining: 9_628, assay: 4_750, shipping: 6_081, 'wire-fee': 822, other: 0 },
        chargesCents: 21_281,
        netCents: 2_667_890,
        estimatedFineGrams: '350.0000',
        actualFineGrams: '316.8263',
        accuracyPercent: '90.5',
        accuracy: 'low',
      },
    ]);
    expect(lots[0]!.netCents + lots[1]!.netCents).toBe(8_120_757);
  });
});

describe('refusals, each naming its line and field', () => {
  test('the net must equal the wire to the cent, the sentence giving both amounts', () => {
    expect(problemsOf(withLine(5, 'wire,,,,,,,,81207.56,'))).toEqual([
      'The net (gross $81,805.47 less charges $597.90 = $81,207.57) does not equal the wire of $81,207.56; a settlement must match its wire to the cent.',
    ]);
  });

  test('weights', () => {
    expect(problemsOf(withLine(7, 'lot,L-10K-0012,,612.20,0,,,,,'))).toEqual([
      'Line 7: the post-melt weight must be a positive number of grams (at most 4 decimals).',
    ]);
    expect(problemsOf(withLine(7, 'lot,L-10K-0012,,612.20,-3,,,,,'))).toEqual([
      'Line 7: the post-melt weight must be a positive number of grams (at most 4 decimals).',
    ]);
    expect(problemsOf(withLine(7, 'lot,L-10K-0012,,abc,598.35,,,,,'))).toEqual([
      'Line 7: the pre-melt weight must be a positive number of grams (at most 4 decimals).',
    ]);
    expect(problemsOf(withLine(7, 'lot,L-10K-0012,,598.35,612.20,,,,,'))).toEqual([
      'Line 7: the post-melt weight (612.20 g) cannot be more than the pre-melt weight (598.35 g).',
    ]);
  });

  test('every lot once', () => {
    expect(problemsOf(withLine(7, 'lot,L-14K-0031,,612.20,598.35,,,,,'))).toEqual([
      'Line 7: lot L-14K-0031 is listed twice (first on line 6); every lot is settled once.',
      'Line 12: lot L-10K-0012 has no lot line; a charge is on a listed lot or on the whole settlement.',
    ]);
  });

  test('the header rows: each once, present and readable', () => {
    expect(problemsOf(withLine(2, null))).toEqual([
      'The file has no refiner line; a settlement names its refiner, reference, date and wire.',
    ]);
    expect(problemsOf(withLine(3, 'reference,,,,,,,,,'))).toEqual(['Line 3: the settlement reference is missing.']);
    expect(problemsOf(withLine(4, 'date,,,,,,,,,2026-02-30'))).toEqual([
      'Line 4: the date must be a real date written YYYY-MM-DD.',
    ]);
    expect(problemsOf(withLine(5, 'wire,,,,,,,,$81207.57,'))).toEqual([
      'Line 5: the wire amount must be in dollars above 0, like 12345.67.',
    ]);
    expect(problemsOf(withLine(6, 'refiner,,,,,,,,,Another'))).toContain(
      'Line 6: a second refiner line (the first is on line 2); a settlement has one.',
    );
  });

  test('metal lines: amount = ounces × price, ounces within the melt, known metal, one line per metal', () => {
    expect(problemsOf(withLine(8, 'metal,,gold,,,52.95,30.8321,2650.00,81705.09,'))).toEqual([
      'Line 8: the amount ($81,705.09) is not the fine ounces times the price (30.8321 oz × $2650.00 = $81,705.07).',
    ]);
    expect(problemsOf(withLine(8, 'metal,,gold,,,52.95,31.0000,2650.00,82150.00,'))).toEqual([
      'Line 8: 31.0000 fine oz is more than the melt holds (1820.20 g post-melt at 52.95% is 30.9867 oz).',
    ]);
    expect(problemsOf(withLine(8, 'metal,,copper,,,52.95,30.8321,2650.00,81705.07,'))).toEqual([
      'Line 8: the metal must be one of gold, silver, platinum, palladium.',
    ]);
    expect(problemsOf(withLine(8, 'metal,,gold,,,152.95,30.8321,2650.00,81705.07,'))).toEqual([
      'Line 8: the assay must be a percent above 0 and at most 100, like 58.12.',
    ]);
    expect(problemsOf(withLine(9, 'metal,,gold,,,6.10,3.2128,31.25,100.40,'))).toEqual([
      'Line 9: gold is paid twice for the pooled melt.',
    ]);
    expect(problemsOf(withLine(9, 'metal,L-14K-0031,gold,,,52.95,20.0000,2650.00,53000.00,'))).toEqual([
      'Line 8: gold is paid both for the pooled melt and for lot L-14K-0031; use one or the other.',
    ]);
    expect(problemsOf(withLine(9, 'metal,L-99,silver,,,6.10,3.2128,31.25,100.40,'))).toEqual([
      'Line 9: lot L-99 has no lot line; list its weights on a lot line first.',
    ]);
  });

  test('a header problem does not hide a metal line that pays for more than the melt holds', () => {
    const text = withLine(8, 'metal,,gold,,,52.95,31.0000,2650.00,82150.00,').replace('date,,,,,,,,,2026-11-27', 'date,,,,,,,,,');
    expect(problemsOf(text)).toEqual([
      'Line 4: the date must be a real date written YYYY-MM-DD.',
      'Line 8: 31.0000 fine oz is more than the melt holds (1820.20 g post-melt at 52.95% is 30.9867 oz).',
    ]);
  });

  test('an amount the refiner cut rather than rounded is within the cent', () => {
    const cut = withLine(8, 'metal,,gold,,,52.95,30.8321,2650.00,81705.06,').replace('81207.57', '81207.56');
    expect(settled(cut).grossCents).toBe(8_180_546);
  });

  test('charges: a known kind, an amount above 0, a listed lot', () => {
    expect(problemsOf(withLine(10, 'charge,,,,,,,,292.90,smelting'))).toEqual([
      'Line 10: the charge must be one of refining, assay, shipping, wire-fee, other (in the detail column).',
    ]);
    expect(problemsOf(withLine(10, 'charge,,,,,,,,0,refining'))).toEqual([
      "Line 10: a charge's amount must be in dollars above 0, like 85.00.",
    ]);
  });

  test('the column line and the kinds', () => {
    expect(problemsOf('')).toEqual(['The file is empty; a settlement starts with the line of column names.']);
    expect(problemsOf(example.replace('kind,lot', 'kind,lots'))).toEqual([
      `Line 1: "lots" is not a settlement column; the columns are ${settlementCsvColumns.join(', ')}.`,
      'Line 1: the column line lacks lot.',
    ]);
    // The unknown row is left out of the totals, so no net sentence follows it.
    expect(problemsOf(withLine(13, 'bonus,,,,,,,,185.00,'))).toEqual([
      'Line 13: the kind "bonus" is not one of refiner, reference, date, wire, lot, metal, charge.',
    ]);
    expect(problemsOf(withLine(13, 'charge,,,,,,,,25.00,wire-fee,extra'))).toEqual([
      'Line 13: it has 11 fields, more than the 10 columns.',
    ]);
  });

  test('a lot without metal paid for it', () => {
    const own = `${HEAD}\nrefiner,,,,,,,,,R\nreference,,,,,,,,,X\ndate,,,,,,,,,2026-11-27\nwire,,,,,,,,100.00,\nlot,A,,10,9,,,,,\nlot,B,,10,9,,,,,\nmetal,A,gold,,,50,0.1,1000,100.00,\n`;
    expect(problemsOf(own)).toEqual(['Line 7: lot B has no metal paid for it; add a metal line for it, or a pooled one.']);
  });

  test('many problems are capped with a count of the rest', () => {
    const rows = Array.from({ length: 80 }, (_, i) => `lot,L${i},,x,1,,,,,`).join('\n');
    const problems = problemsOf(`${example}${rows}\n`);
    expect(problems).toHaveLength(MAX_SETTLEMENT_PROBLEMS);
    expect(problems.at(-1)).toMatch(/^…and \d+ more problems\.$/);
  });

  test('a settlement typed into a form is checked the same way, naming lots instead of lines', () => {
    const draft: SettlementDraft = {
      refiner: ' Acme ',
      reference: 'A-1',
      date: '2026-11-27',
      wire: '1000.00',
      lots: [
        { lotId: 'L-1', preMeltGrams: '100', postMeltGrams: '98' },
        { lotId: 'L-1', preMeltGrams: '100', postMeltGrams: '98' },
      ],
      metals: [{ lotId: 'L-1', metal: 'gold', assayPercent: '58', fineOz: '1', pricePerOz: '1000', amount: '1000.00' }],
      charges: [],
    };
    expect(checkSettlement(draft)).toEqual({
      ok: false,
      problems: ['Lot L-1: lot L-1 is listed twice; every lot is settled once.'],
    });
    const single = { ...draft, lots: [draft.lots[0]!] };
    expect(checkSettlement(single)).toMatchObject({ ok: true, settlement: { refiner: 'Acme', netCents: 100_000 } });
    expect(checkSettlement({ ...single, wire: '' })).toEqual({
      ok: false,
      problems: ['The settlement: the wire amount must be in dollars above 0, like 12345.67.'],
    });
  });
});

describe('allocation', () => {
  const d = (text: string) => parseExactDecimal(text)!;

  test('largest remainder: parts add up, the biggest remainders take the leftover cents, ties go first', () => {
    expect(allocateLargestRemainder(100n, [d('1'), d('1'), d('1')])).toEqual([34n, 33n, 33n]);
    expect(allocateLargestRemainder(10n, [d('0.5'), d('0.25'), d('0.25')])).toEqual([5n, 3n, 2n]);
    expect(allocateLargestRemainder(7n, [d('0'), d('0')])).toEqual([4n, 3n]);
    expect(allocateLargestRemainder(0n, [d('3'), d('1')])).toEqual([0n, 0n]);
    expect(allocateLargestRemainder(0n, [])).toEqual([]);
    expect(() => allocateLargestRemainder(1n, [])).toThrow(RangeError);
    expect(() => allocateLargestRemainder(-1n, [d('1')])).toThrow(RangeError);
    expect(() => allocateLargestRemainder(1n, [d('-1')])).toThrow(RangeError);
  });

  test('a property: for 500 random totals and weights the parts add up and each is within one unit of its share', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 500; run += 1) {
      const total = BigInt(Math.floor(random() * 10_000_000));
      const weights = Array.from({ length: 1 + Math.floor(random() * 8) }, () => d((random() * 1000).toFixed(4)));
      const parts = allocateLargestRemainder(total, weights);
      expect(parts.reduce((a, b) => a + b, 0n)).toBe(total);
      const sum = weights.reduce((a, w) => a + Number(w.units) / 10 ** w.scale, 0);
      parts.forEach((part, i) => {
        const share =
          sum === 0
            ? Number(total) / weights.length
            : (Number(total) * Number(weights[i]!.units)) / 10 ** weights[i]!.scale / sum;
        expect(Math.abs(Number(part) - share)).toBeLessThan(1.000001);
      });
    }
  });

  test('a property: random pooled and per-lot settlements always allocate back to the wire, cent for cent', () => {
    let seed = 9;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 200; run += 1) {
      const lotCount = 1 + Math.floor(random() * 5);
      const lots = Array.from({ length: lotCount }, (_, i) => {
        const post = 10 + Math.floor(random() * 200_000) / 100;
        return `lot,L${i},,${(post + 5).toFixed(2)},${post.toFixed(2)},,,,,`;
      });
      const pooled = random() < 0.5;
      const metals: string[] = [];
      let gross = 0;
      const metalLine = (lot: string, metal: string) => {
        const fineOz = (0.001 + Math.floor(random() * 1000) / 10_000).toFixed(4);
        const price = (1 + Math.floor(random() * 300_000) / 100).toFixed(2);
        const cents = Math.round(Number(fineOz) * Number(price) * 100);
        gross += cents;
        metals.push(
          `metal,${lot},${metal},,,${(50 + Math.floor(random() * 4000) / 100).toFixed(2)},${fineOz},${price},${(cents / 100).toFixed(2)},`,
        );
      };
      for (const metal of ['gold', 'silver']) {
        if (pooled) metalLine('', metal);
        else for (let i = 0; i < lotCount; i += 1) metalLine(`L${i}`, metal);
      }
      const charges: string[] = [];
      let chargeTotal = 0;
      for (const kind of ['refining', 'assay', 'shipping', 'wire-fee']) {
        const cents = Math.floor(random() * Math.min(5000, gross / 8));
        if (cents === 0) continue;
        chargeTotal += cents;
        const lot = random() < 0.3 ? `L${Math.floor(random() * lotCount)}` : '';
        charges.push(`charge,${lot},,,,,,,${(cents / 100).toFixed(2)},${kind}`);
      }
      const wire = gross - chargeTotal;
      const text = [
        HEAD,
        'refiner,,,,,,,,,R',
        'reference,,,,,,,,,X',
        'date,,,,,,,,,2026-01-31',
        `wire,,,,,,,,${(wire / 100).toFixed(2)},`,
        ...lots,
        ...metals,
        ...charges,
      ].join('\n');
      const settlement = settled(text);
      const allocated = allocateSettlement(settlement);
      expect(allocated.reduce((sum, lot) => sum + lot.netCents, 0)).toBe(settlement.wireCents);
      expect(allocated.reduce((sum, lot) => sum + lot.grossCents, 0)).toBe(settlement.grossCents);
      expect(allocated.reduce((sum, lot) => sum + lot.chargesCents, 0)).toBe(settlement.chargesCents);
      for (const line of settlement.metals) {
        const ozUnits = allocated
          .flatMap((lot) => lot.metals.filter((m) => m.metal === line.metal && (line.lotId === null || lot.lotId === line.lotId)))
          .reduce((sum, m) => sum + Math.round(Number(m.fineOz) * 10_000), 0);
        expect(ozUnits).toBe(Math.round(Number(line.fineOz) * 10_000));
      }
    }
  });
});

describe('fine weight accuracy', () => {
  const d = (text: string) => parseExactDecimal(text)!;
  test.each([
    ['92', '100', '92.0', 'normal'],
    ['91.99', '100', '92.0', 'low'],
    ['102', '100', '102.0', 'normal'],
    ['102.01', '100', '102.0', 'high'],
    ['58.5', '58.5', '100.0', 'normal'],
  ] as const)('%s g actual for %s g estimated is %s%%, %s', (actual, estimated, percent, flag) => {
    expect(fineWeightAccuracy(d(actual), d(estimated))).toEqual({ percent, flag });
  });

  test('without an estimate the accuracy is unknown', () => {
    expect(fineWeightAccuracy(d('5'), null)).toEqual({ percent: null, flag: 'unknown' });
    expect(fineWeightAccuracy(d('5'), d('0'))).toEqual({ percent: null, flag: 'unknown' });
    expect(allocateSettlement(settled(example))[0]).toMatchObject({
      estimatedFineGrams: null,
      accuracyPercent: null,
      accuracy: 'unknown',
    });
  });
});

describe('settlementDraftTotals', () => {
  const metal = (amount: string) => ({ lotId: null, metal: 'gold', assayPercent: '50', fineOz: '1', pricePerOz: '1', amount });
  const charge = (amount: string) => ({ kind: 'assay', lotId: null, amount });

  test('adds the metal amounts and the charges to the cent, and reads the wire', () => {
    expect(
      settlementDraftTotals({
        wire: '81207.57',
        metals: [metal('81705.07'), metal('100.40')],
        charges: [charge('292.90'), charge('305')],
      }),
    ).toEqual({ grossCents: 8_180_547, chargesCents: 59_790, netCents: 8_120_757, wireCents: 8_120_757 });
  });

  test('an amount not readable yet counts nothing, and a wire not readable is null', () => {
    expect(
      settlementDraftTotals({ wire: '12,00', metals: [metal('100.5'), metal('abc')], charges: [charge(''), charge('0.25')] }),
    ).toEqual({
      grossCents: 10_050,
      chargesCents: 25,
      netCents: 10_025,
      wireCents: null,
    });
  });

  test('charges above the metal make a net below zero', () => {
    expect(settlementDraftTotals({ wire: '', metals: [], charges: [charge('10.00')] }).netCents).toBe(-1000);
  });
});
