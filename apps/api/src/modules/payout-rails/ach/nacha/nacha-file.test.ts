import { describe, expect, it } from 'vitest';
import { parseNachaFile, recount, type ParsedNachaFile } from '../../../../../test/support/nacha-parser.ts';
import {
  NachaFieldError,
  nachaIndividualName,
  writeNachaCreditFile,
  type NachaCreditEntryInput,
  type NachaCreditFileInput,
  type NachaOriginatorConfig,
} from './nacha-file.ts';
import {
  RECORD_LENGTH,
  batchControlLayout,
  batchHeaderLayout,
  changeAddendaLayout,
  entryDetailLayout,
  fileControlLayout,
  fileHeaderLayout,
  returnAddendaLayout,
} from './nacha-records.ts';

const config: NachaOriginatorConfig = {
  immediateDestination: '091000019',
  immediateOrigin: '1234567890',
  destinationName: 'WELLS FARGO BANK',
  originName: 'ASSAY PRECIOUS METALS',
  companyName: 'ASSAY',
  companyId: '1234567890',
  odfiId: '09100001',
  entryDescription: 'PAYOUT',
};

const createdAt = new Date('2026-11-24T14:05:00Z');

function entry(overrides: Partial<NachaCreditEntryInput> = {}): NachaCreditEntryInput {
  return {
    individualId: 'TX-8F3K2Q',
    individualName: 'Ada Lovelace',
    routingNumber: '021000021',
    accountNumber: '000123456789',
    amountCents: 125_050,
    ...overrides,
  };
}

function write(overrides: Partial<NachaCreditFileInput> = {}) {
  return writeNachaCreditFile({ config, createdAt, fileIdModifier: 'A', entries: [entry()], ...overrides });
}

/** The checks every written file must pass, read back by the independent parser. */
function expectWellFormed(file: ParsedNachaFile) {
  for (const line of file.lines) expect(line).toHaveLength(94);
  expect(file.lines.length % 10).toBe(0);
  for (const pad of file.padding) expect(pad).toBe('9'.repeat(94));
  expect(file.padding.length).toBeLessThan(10);
  const counted = recount(file);
  const [batch] = file.batches;
  expect(file.batches).toHaveLength(1);
  expect(Number(batch?.control['entryAddendaCount'])).toBe(counted.entryAddendaCount);
  expect(batch?.control['entryHash']).toBe(counted.entryHash);
  expect(BigInt(batch?.control['totalCredit'] ?? '')).toBe(counted.totalCredit);
  expect(BigInt(batch?.control['totalDebit'] ?? '')).toBe(0n);
  expect(Number(file.fileControl['batchCount'])).toBe(1);
  expect(Number(file.fileControl['blockCount'])).toBe(counted.blockCount);
  expect(Number(file.fileControl['entryAddendaCount'])).toBe(counted.entryAddendaCount);
  expect(file.fileControl['entryHash']).toBe(counted.entryHash);
  expect(BigInt(file.fileControl['totalCredit'] ?? '')).toBe(counted.totalCredit);
  expect(BigInt(file.fileControl['totalDebit'] ?? '')).toBe(0n);
  expect(file.fileControl['reserved']).toBe(' '.repeat(39));
}

function refusal(run: () => unknown): NachaFieldError {
  try {
    run();
  } catch (error) {
    if (error instanceof NachaFieldError) return error;
    throw error;
  }
  throw new Error('expected a NachaFieldError');
}

describe('the record layouts', () => {
  it.each([
    ['file header', fileHeaderLayout],
    ['batch header', batchHeaderLayout],
    ['entry detail', entryDetailLayout],
    ['return addenda', returnAddendaLayout],
    ['change addenda', changeAddendaLayout],
    ['batch control', batchControlLayout],
    ['file control', fileControlLayout],
  ])('%s fields follow each other from position 1 to 94', (_name, layout) => {
    let position = 1;
    for (const field of layout) {
      expect(field.start, field.name).toBe(position);
      position += field.length;
    }
    expect(position - 1).toBe(RECORD_LENGTH);
  });
});

describe('writeNachaCreditFile', () => {
  it('writes one PPD credit in one block, every field where Nacha puts it', () => {
    const written = write();
    const file = parseNachaFile(written.text);
    expectWellFormed(file);
    expect(file.lines).toHaveLength(10);
    expect(file.padding).toHaveLength(5);

    expect(file.fileHeader).toEqual({
      recordType: '1',
      priorityCode: '01',
      immediateDestination: ' 091000019',
      immediateOrigin: '1234567890',
      fileCreationDate: '261124',
      fileCreationTime: '1405',
      fileIdModifier: 'A',
      recordSize: '094',
      blockingFactor: '10',
      formatCode: '1',
      immediateDestinationName: 'WELLS FARGO BANK       ',
      immediateOriginName: 'ASSAY PRECIOUS METALS  ',
      referenceCode: '        ',
    });
    expect(file.batches[0]?.header).toEqual({
      recordType: '5',
      serviceClassCode: '220',
      companyName: 'ASSAY           ',
      companyDiscretionaryData: ' '.repeat(20),
      companyIdentification: '1234567890',
      standardEntryClassCode: 'PPD',
      companyEntryDescription: 'PAYOUT    ',
      companyDescriptiveDate: '      ',
      effectiveEntryDate: '261124',
      settlementDate: '   ',
      originatorStatusCode: '1',
      originatingDfiId: '09100001',
      batchNumber: '0000001',
    });
    expect(file.batches[0]?.entries).toEqual([
      {
        record: {
          recordType: '6',
          transactionCode: '22',
          rdfiId: '02100002',
          checkDigit: '1',
          accountNumber: '000123456789     ',
          amount: '0000125050',
          individualId: 'TX-8F3K2Q      ',
          individualName: 'ADA LOVELACE          ',
          discretionaryData: '  ',
          addendaIndicator: '0',
          traceNumber: '091000010000001',
        },
        addenda: [],
      },
    ]);
    expect(file.batches[0]?.control).toMatchObject({
      serviceClassCode: '220',
      entryAddendaCount: '000001',
      entryHash: '0002100002',
      totalDebit: '000000000000',
      totalCredit: '000000125050',
      companyIdentification: '1234567890',
      messageAuthenticationCode: ' '.repeat(19),
      originatingDfiId: '09100001',
      batchNumber: '0000001',
    });
    expect(file.fileControl).toMatchObject({ batchCount: '000001', blockCount: '000001', entryAddendaCount: '00000001' });
    expect(written).toMatchObject({ entryCount: 1, totalCreditCents: 125_050, entryHash: '0002100002', blockCount: 1 });
    expect(written.traces).toEqual([{ individualId: 'TX-8F3K2Q', traceNumber: '091000010000001', amountCents: 125_050 }]);
  });

  it('writes 25 checking and savings credits in 3 blocks with one padding record, traces in order', () => {
    const routings = ['021000021', '011000015', '026009593', '121000248', '322271627'];
    const entries = Array.from({ length: 25 }, (_, i) =>
      entry({
        individualId: `TX-${String(i + 1).padStart(4, '0')}`,
        routingNumber: routings[i % routings.length] ?? '',
        accountNumber: String(10_000 + i),
        amountCents: 1_000 * (i + 1) + i,
        accountType: i % 3 === 0 ? 'savings' : 'checking',
      }),
    );
    const written = write({ entries, firstTraceSequence: 41, batchNumber: 7, effectiveEntryDate: '2026-11-25' });
    const file = parseNachaFile(written.text);
    expectWellFormed(file);
    expect(file.lines).toHaveLength(30);
    expect(file.padding).toHaveLength(1);
    expect(file.fileControl['blockCount']).toBe('000003');
    expect(file.batches[0]?.header['effectiveEntryDate']).toBe('261125');
    expect(file.batches[0]?.header['batchNumber']).toBe('0000007');
    expect(file.batches[0]?.control['batchNumber']).toBe('0000007');

    const expectedTotal = entries.reduce((sum, e) => sum + e.amountCents, 0);
    expect(written.totalCreditCents).toBe(expectedTotal);
    expect(Number(file.fileControl['totalCredit'])).toBe(expectedTotal);

    const read = file.batches[0]?.entries.map(({ record }) => record) ?? [];
    read.forEach((record, i) => {
      const input = entries[i];
      expect(record['transactionCode']).toBe(input?.accountType === 'savings' ? '32' : '22');
      expect(`${record['rdfiId']}${record['checkDigit']}`).toBe(input?.routingNumber);
      expect(record['accountNumber']?.trimEnd()).toBe(input?.accountNumber);
      expect(Number(record['amount'])).toBe(input?.amountCents);
      expect(record['individualId']?.trimEnd()).toBe(input?.individualId);
      expect(record['traceNumber']).toBe(`09100001${String(41 + i).padStart(7, '0')}`);
    });
    expect(written.traces.map((t) => t.traceNumber)).toEqual(read.map((r) => r['traceNumber']));
    expect(new Set(written.traces.map((t) => t.traceNumber)).size).toBe(25);
  });

  it.each([
    [6, 10, 0, 1],
    // The 11th record, the file control, is the first of a second block.
    [7, 20, 9, 2],
  ])('with %i entries writes %i records, %i of them padding, in %i blocks', (count, lines, padding, blocks) => {
    const entries = Array.from({ length: count }, (_, i) => entry({ individualId: `TX-${i}` }));
    const written = write({ entries });
    const file = parseNachaFile(written.text);
    expectWellFormed(file);
    expect(file.lines).toHaveLength(lines);
    expect(file.padding).toHaveLength(padding);
    expect(Number(file.fileControl['blockCount'])).toBe(blocks);
    expect(written.blockCount).toBe(blocks);
  });

  it('keeps the rightmost 10 digits of an entry hash that outgrows its field', () => {
    // 400 x 32227162 = 12,890,864,800: eleven digits.
    const entries = Array.from({ length: 400 }, (_, i) =>
      entry({ individualId: `TX-${i}`, routingNumber: '322271627', amountCents: 100 }),
    );
    const written = write({ entries });
    const file = parseNachaFile(written.text);
    expectWellFormed(file);
    expect(written.entryHash).toBe('2890864800');
    expect(file.fileControl['entryHash']).toBe('2890864800');
  });

  it('writes the creation date and time in the zone asked for', () => {
    const file = parseNachaFile(write({ createdAt: new Date('2026-11-24T02:30:00Z'), timeZone: 'America/New_York' }).text);
    expect(file.fileHeader['fileCreationDate']).toBe('261123');
    expect(file.fileHeader['fileCreationTime']).toBe('2130');
  });

  it('writes a 9-digit immediate origin behind a blank', () => {
    const file = parseNachaFile(write({ config: { ...config, immediateOrigin: '091000019' } }).text);
    expect(file.fileHeader['immediateOrigin']).toBe(' 091000019');
  });
});

describe('names', () => {
  it.each([
    ['José Müller', 'JOSE MULLER'],
    ['Łukasz Øberg-Straße', 'LUKASZ OBERG-STRASSE'],
    ['  Zoë   d’Arc\t', "ZOE D'ARC"],
    ['Renée 🙂 Chen', 'RENEE CHEN'],
    ['Ólafur Þórsson', 'OLAFUR THORSSON'],
  ])('writes %j as %j', (name, expected) => {
    expect(nachaIndividualName(name)).toBe(expected);
    const file = parseNachaFile(write({ entries: [entry({ individualName: name })] }).text);
    expect(file.batches[0]?.entries[0]?.record['individualName']?.trimEnd()).toBe(expected);
  });

  it('cuts a name longer than 22 characters, which Nacha allows for the receiver name', () => {
    const file = parseNachaFile(write({ entries: [entry({ individualName: 'Maximiliana Alexandrina Hohenzollern' })] }).text);
    expectWellFormed(file);
    expect(file.batches[0]?.entries[0]?.record['individualName']).toBe('MAXIMILIANA ALEXANDRIN');
  });

  it('refuses a name with nothing that can be written in ASCII, naming the entry', () => {
    const error = refusal(() => write({ entries: [entry(), entry({ individualId: 'TX-2', individualName: '王小明' })] }));
    expect(error.field).toBe('individualName');
    expect(error.message).toBe('Entry 2 (TX-2): the name "王小明" has no letters or digits that can be written in ASCII.');
  });
});

describe('refusals', () => {
  it('refuses an amount over the 10-digit field, naming the entry and the field', () => {
    const error = refusal(() => write({ entries: [entry({ individualId: 'TX-BIG', amountCents: 10_000_000_000 })] }));
    expect(error.field).toBe('amountCents');
    expect(error.message).toBe(
      "Entry 1 (TX-BIG): the amount of 10000000000 cents needs more than the 10 digits Nacha's amount field holds ($99,999,999.99 at most).",
    );
  });

  it('accepts the largest amount the field holds', () => {
    const file = parseNachaFile(write({ entries: [entry({ amountCents: 9_999_999_999 })] }).text);
    expectWellFormed(file);
    expect(file.batches[0]?.entries[0]?.record['amount']).toBe('9999999999');
  });

  it.each([0, -5, 12.5])('refuses an amount of %s cents', (amountCents) => {
    expect(refusal(() => write({ entries: [entry({ amountCents })] })).field).toBe('amountCents');
  });

  it('refuses an account number longer than 17 characters without printing it', () => {
    const error = refusal(() => write({ entries: [entry({ accountNumber: '123456789012345678' })] }));
    expect(error.field).toBe('accountNumber');
    expect(error.message).toBe('Entry 1 (TX-8F3K2Q): the account number is 18 characters long; Nacha allows 17.');
  });

  it('refuses a routing number whose check digit is wrong', () => {
    const error = refusal(() => write({ entries: [entry({ routingNumber: '021000022' })] }));
    expect(error.field).toBe('routingNumber');
    expect(error.message).toBe('Entry 1 (TX-8F3K2Q): the routing number "021000022" is not a valid 9-digit ABA routing number.');
  });

  it('refuses an individual id over 15 characters', () => {
    expect(refusal(() => write({ entries: [entry({ individualId: 'TX-0123456789ABC' })] })).field).toBe('individualId');
  });

  it('refuses configuration that overflows its field rather than cutting it', () => {
    const error = refusal(() => write({ config: { ...config, companyName: 'ASSAY PRECIOUS METALS' } }));
    expect(error.field).toBe('companyName');
    expect(error.message).toBe(
      'The batch header: the company name "ASSAY PRECIOUS METALS" is 21 characters long; the Nacha field holds 16.',
    );
    expect(refusal(() => write({ config: { ...config, entryDescription: 'SELLER PAYOUT' } })).field).toBe(
      'companyEntryDescription',
    );
    expect(refusal(() => write({ config: { ...config, companyId: '123456789' } })).field).toBe('companyId');
    expect(refusal(() => write({ config: { ...config, odfiId: '0910000' } })).field).toBe('odfiId');
    expect(refusal(() => write({ config: { ...config, originName: 'Assay Métaux' } })).field).toBe('immediateOriginName');
  });

  it('refuses an empty batch, a bad file ID modifier and trace sequences past 7 digits', () => {
    expect(refusal(() => write({ entries: [] })).field).toBe('entries');
    expect(refusal(() => write({ fileIdModifier: 'a' })).field).toBe('fileIdModifier');
    expect(refusal(() => write({ entries: [entry(), entry()], firstTraceSequence: 9_999_999 })).field).toBe('firstTraceSequence');
    expect(refusal(() => write({ effectiveEntryDate: '11/25/2026' })).field).toBe('effectiveEntryDate');
    expect(refusal(() => write({ effectiveEntryDate: '2026-02-30' })).field).toBe('effectiveEntryDate');
  });

  it('refuses a second entry for the same transaction', () => {
    const error = refusal(() => write({ entries: [entry(), entry({ individualName: 'Someone Else' })] }));
    expect(error.field).toBe('individualId');
    expect(error.message).toBe("Entry 2 (TX-8F3K2Q): the individual id is entry 1's too; a transaction is paid once per file.");
  });

  it('refuses a batch whose total credit outgrows the 12-digit total fields', () => {
    const entries = Array.from({ length: 101 }, (_, i) => entry({ individualId: `TX-${i}`, amountCents: 9_999_999_999 }));
    const error = refusal(() => write({ entries }));
    expect(error.field).toBe('totalCreditAmount');
    expect(error.message).toBe(
      'The batch control: the total credit entry dollar amount 1009999999899 has 13 digits; the Nacha field holds 12.',
    );
  });
});
