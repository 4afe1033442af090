import { describe, expect, it } from 'vitest';
import { writeNachaCreditFile } from './nacha-file.ts';
import { NachaReturnFileError, parseNachaReturnFile, returnReasonText } from './nacha-returns.ts';

// Return files are built here by hand, field by field, as a bank's RDFI side would send them: the
// parser must not be checked against records made by the same code that reads them.
const left = (value: string, width: number) => value.padEnd(width, ' ').slice(0, width);
const right = (value: string | number, width: number) => String(value).padStart(width, '0');

interface ReturnSpec {
  returnCode?: string;
  originalTrace: string;
  amountCents: number;
  transactionCode?: string;
  rdfi?: string;
  individualId?: string;
  name?: string;
  dateOfDeath?: string;
  addendaType?: string;
  addendaBody?: string;
}

const ODFI = '09100001';
// The RDFI's own trace numbers for the return entries it sends back.
const returnTrace = (i: number) => `02100002${right(i + 1, 7)}`;

function entryLine(spec: ReturnSpec, i: number, withAddenda = true): string {
  return [
    '6',
    spec.transactionCode ?? '21',
    // A return goes back to the ODFI: its routing number is the "receiving" one now.
    ODFI,
    '9',
    left('000123456789', 17),
    right(spec.amountCents, 10),
    left(spec.individualId ?? `TX-${i + 1}`, 15),
    left(spec.name ?? 'ADA LOVELACE', 22),
    '  ',
    withAddenda ? '1' : '0',
    returnTrace(i),
  ].join('');
}

function addendaLine(spec: ReturnSpec, i: number): string {
  const type = spec.addendaType ?? '99';
  const body =
    spec.addendaBody ??
    [
      left(spec.returnCode ?? 'R01', 3),
      spec.originalTrace,
      left(spec.dateOfDeath ?? '', 6),
      spec.rdfi ?? '02100002',
      left('', 44),
    ].join('');
  return `7${type}${body}${returnTrace(i)}`;
}

interface Tamper {
  batchCount?: number;
  entryAddendaCount?: number;
  entryHash?: string;
  totalCredit?: number;
  blockCount?: number;
  fileEntryHash?: string;
}

function returnFile(specs: ReturnSpec[], tamper: Tamper = {}): string {
  const body: string[] = [];
  specs.forEach((spec, i) => {
    body.push(entryLine(spec, i));
    body.push(addendaLine(spec, i));
  });
  const count = specs.length * 2;
  const hash = right(specs.length * Number(ODFI), 10).slice(-10);
  const credit = specs.reduce((sum, s) => sum + s.amountCents, 0);
  const header = `101 ${ODFI}9 021000021${'261126'}${'0600'}A094101${left('WELLS FARGO BANK', 23)}${left('JPMORGAN CHASE', 23)}${left('', 8)}`;
  const batchHeader = `5220${left('ASSAY', 16)}${left('', 20)}1234567890PPD${left('PAYOUT', 10)}${left('', 6)}261125${left('', 3)}1021000020000001`;
  const batchControl = `8220${right(tamper.entryAddendaCount ?? count, 6)}${tamper.entryHash ?? hash}${right(0, 12)}${right(tamper.totalCredit ?? credit, 12)}1234567890${left('', 25)}021000020000001`;
  const records = [header, batchHeader, ...body, batchControl];
  const blocks = Math.ceil((records.length + 1) / 10);
  records.push(
    `9${right(tamper.batchCount ?? 1, 6)}${right(tamper.blockCount ?? blocks, 6)}${right(count, 8)}${tamper.fileEntryHash ?? hash}${right(0, 12)}${right(credit, 12)}${left('', 39)}`,
  );
  while (records.length % 10 !== 0) records.push('9'.repeat(94));
  for (const record of records) if (record.length !== 94) throw new Error(`test file record is ${record.length} long: ${record}`);
  return `${records.join('\n')}\n`;
}

function failure(text: string): NachaReturnFileError {
  try {
    parseNachaReturnFile(text);
  } catch (error) {
    if (error instanceof NachaReturnFileError) return error;
    throw error;
  }
  throw new Error('expected a NachaReturnFileError');
}

const ours = (sequence: number) => `${ODFI}${right(sequence, 7)}`;

describe('parseNachaReturnFile', () => {
  it('reads each return with its R-code, reason, amount and the trace number we sent', () => {
    const parsed = parseNachaReturnFile(
      returnFile([
        { returnCode: 'R01', originalTrace: ours(1), amountCents: 125_050 },
        { returnCode: 'R03', originalTrace: ours(2), amountCents: 9_999, transactionCode: '31', individualId: 'TX-2' },
        { returnCode: 'R15', originalTrace: ours(3), amountCents: 50_000, dateOfDeath: '261101', name: 'JOSE MULLER' },
      ]),
    );
    expect(parsed.changeNotices).toEqual([]);
    expect(parsed.file).toEqual({
      immediateDestination: '091000019',
      immediateOrigin: '021000021',
      createdOn: '2026-11-26',
      fileIdModifier: 'A',
    });
    expect(parsed.returns).toEqual([
      {
        traceNumber: '091000010000001',
        returnCode: 'R01',
        reason: 'Insufficient funds',
        amountCents: 125_050,
        transactionCode: '21',
        individualId: 'TX-1',
        individualName: 'ADA LOVELACE',
        dateOfDeath: null,
        originalRdfi: '02100002',
        addendaInformation: '',
        returnTraceNumber: '021000020000001',
      },
      expect.objectContaining({
        traceNumber: '091000010000002',
        returnCode: 'R03',
        amountCents: 9_999,
        transactionCode: '31',
        individualId: 'TX-2',
      }),
      expect.objectContaining({
        returnCode: 'R15',
        reason: 'Beneficiary or account holder deceased',
        dateOfDeath: '2026-11-01',
        individualName: 'JOSE MULLER',
      }),
    ]);
  });

  it('matches the trace numbers of a file we wrote', () => {
    const written = writeNachaCreditFile({
      config: {
        immediateDestination: '091000019',
        immediateOrigin: '1234567890',
        destinationName: 'WELLS FARGO BANK',
        originName: 'ASSAY',
        companyName: 'ASSAY',
        companyId: '1234567890',
        odfiId: ODFI,
        entryDescription: 'PAYOUT',
      },
      createdAt: new Date('2026-11-24T14:00:00Z'),
      fileIdModifier: 'B',
      entries: [
        { individualId: 'TX-A', individualName: 'A', routingNumber: '021000021', accountNumber: '1234', amountCents: 700 },
        { individualId: 'TX-B', individualName: 'B', routingNumber: '021000021', accountNumber: '5678', amountCents: 800 },
      ],
    });
    const second = written.traces[1];
    const parsed = parseNachaReturnFile(
      returnFile([{ returnCode: 'R02', originalTrace: second?.traceNumber ?? '', amountCents: 800 }]),
    );
    expect(parsed.returns.map((r) => [r.traceNumber, r.amountCents])).toEqual([[second?.traceNumber, second?.amountCents]]);
  });

  it('returns a trace number it has never seen: matching is the caller’s', () => {
    const parsed = parseNachaReturnFile(returnFile([{ returnCode: 'R04', originalTrace: '999999990000042', amountCents: 1 }]));
    expect(parsed.returns[0]).toMatchObject({
      traceNumber: '999999990000042',
      returnCode: 'R04',
      reason: 'Invalid account number',
    });
  });

  it('names uncommon codes by their code', () => {
    expect(returnReasonText('R85')).toBe('Return reason R85');
    const parsed = parseNachaReturnFile(returnFile([{ returnCode: 'R85', originalTrace: ours(1), amountCents: 1 }]));
    expect(parsed.returns[0]?.reason).toBe('Return reason R85');
  });

  it('gives the common codes words', () => {
    for (const code of ['R01', 'R02', 'R03', 'R04', 'R07', 'R08', 'R10', 'R16', 'R20', 'R29']) {
      expect(returnReasonText(code), code).not.toMatch(/^Return reason/);
    }
  });

  it('collects notifications of change beside the returns', () => {
    const body = `C01${ours(5)}${left('', 6)}02100002${left('987654321', 29)}${left('', 15)}`;
    const parsed = parseNachaReturnFile(
      returnFile([
        { returnCode: 'R01', originalTrace: ours(4), amountCents: 10 },
        { originalTrace: ours(5), amountCents: 0, transactionCode: '21', addendaType: '98', addendaBody: body },
      ]),
    );
    expect(parsed.returns).toHaveLength(1);
    expect(parsed.changeNotices).toEqual([
      { traceNumber: ours(5), changeCode: 'C01', correctedData: '987654321', individualId: 'TX-2' },
    ]);
  });

  it('accepts CRLF line ends and a file without a final line break', () => {
    const text = returnFile([{ originalTrace: ours(1), amountCents: 10 }])
      .trimEnd()
      .replaceAll('\n', '\r\n');
    expect(parseNachaReturnFile(text).returns).toHaveLength(1);
  });
});

describe('malformed return files', () => {
  const good = () => returnFile([{ returnCode: 'R01', originalTrace: ours(1), amountCents: 125_050 }]);
  const lines = () => good().split('\n');
  const withLine = (index: number, replacement: string) => {
    const all = lines();
    all[index] = replacement;
    return all.join('\n');
  };

  it('refuses an empty file', () => {
    expect(failure('\n\n').message).toBe('The return file is empty.');
  });

  it('refuses a record that is not 94 characters', () => {
    const line = lines()[2] ?? '';
    const error = failure(withLine(2, line.slice(0, 93)));
    expect(error.message).toBe('Line 3 is 93 characters long; every Nacha record is 94.');
    expect(error.line).toBe(3);
  });

  it('refuses an unknown record type', () => {
    const line = lines()[2] ?? '';
    expect(failure(withLine(2, `3${line.slice(1)}`)).message).toBe(
      'Line 3 starts with record type "3", which is not a Nacha record type (1, 5, 6, 7, 8 or 9).',
    );
  });

  it('refuses a file that does not start with a file header', () => {
    expect(failure(lines().slice(1).join('\n')).message).toBe(
      'The return file does not start with a file header (record type 1).',
    );
  });

  it('refuses wrong batch counts, hashes and totals', () => {
    const spec = [{ returnCode: 'R01', originalTrace: ours(1), amountCents: 125_050 }];
    expect(failure(returnFile(spec, { entryAddendaCount: 3 })).message).toBe(
      "Batch 1's control (line 5) says the entry/addenda count is 3, but the records add up to 2.",
    );
    expect(failure(returnFile(spec, { entryHash: '0000000001' })).message).toBe(
      "Batch 1's control (line 5) says the entry hash is 0000000001, but the entries' routing numbers add up to 0009100001.",
    );
    expect(failure(returnFile(spec, { totalCredit: 125_051 })).message).toBe(
      "Batch 1's control (line 5) says the total credit amount is 125051 cents, but the records add up to 125050 cents.",
    );
  });

  it('refuses a wrong batch count or block count in the file control', () => {
    const spec = [{ returnCode: 'R01', originalTrace: ours(1), amountCents: 1 }];
    expect(failure(returnFile(spec, { batchCount: 2 })).message).toBe(
      'The file control (line 6) says the batch count is 2, but the file has 1.',
    );
    expect(failure(returnFile(spec, { blockCount: 2 })).message).toBe(
      "The file control (line 6) says the block count is 2, but the file's 10 records make 1.",
    );
  });

  it('refuses a header that is not a Nacha file header', () => {
    const header = lines()[0] ?? '';
    expect(failure(withLine(0, `${header.slice(0, 34)}080${header.slice(37)}`)).message).toBe(
      'Line 1: the file header gives record size 080 and blocking factor 10; Nacha files use 094 and 10.',
    );
  });

  it('refuses a file control whose hash disagrees with its batches', () => {
    const spec = [{ returnCode: 'R01', originalTrace: ours(1), amountCents: 1 }];
    expect(failure(returnFile(spec, { fileEntryHash: '0009100002' })).message).toBe(
      "The file control (line 6) says the entry hash is 0009100002, but the entries' routing numbers add up to 0009100001.",
    );
  });

  it('refuses a file cut off before its controls', () => {
    expect(failure(lines().slice(0, 4).join('\n')).message).toBe('The return file ends without a file control record (type 9).');
  });

  it('refuses an entry without its return addenda', () => {
    const entry = lines()[2] ?? '';
    const noAddenda = `${entry.slice(0, 78)}0${entry.slice(79)}`;
    expect(failure(withLine(2, noAddenda)).message).toBe('Line 3: the entry carries no addenda record, so it is not a return.');
  });

  it('refuses an addenda that is neither a return nor a change', () => {
    const addenda = lines()[3] ?? '';
    expect(failure(withLine(3, `705${addenda.slice(3)}`)).message).toBe(
      'Line 4: addenda type 05 is not a return (99) or a notification of change (98).',
    );
  });

  it('refuses a return reason code outside R01-R85', () => {
    expect(failure(returnFile([{ returnCode: 'R99', originalTrace: ours(1), amountCents: 1 }])).message).toBe(
      'Line 4: "R99" is not a return reason code (R01 to R85).',
    );
    expect(failure(returnFile([{ returnCode: 'X01', originalTrace: ours(1), amountCents: 1 }])).line).toBe(4);
  });

  it('refuses an addenda whose trace number is not its entry’s', () => {
    const addenda = lines()[3] ?? '';
    expect(failure(withLine(3, `${addenda.slice(0, 79)}021000020000009`)).message).toMatch(
      /^Line 4: the addenda's trace number 021000020000009 differs from its entry's 021000020000001/,
    );
  });

  it('refuses anything but padding after the file control', () => {
    const all = lines();
    all[7] = all[2] ?? '';
    expect(failure(all.join('\n')).message).toBe('Line 8 follows the file control but is not a 9-filled padding record.');
  });
});
