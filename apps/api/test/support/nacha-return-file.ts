// A bank's ACH return file, built field by field from the Nacha layout (Operating Rules, Appendix
// Three: entry detail "6", return addenda "799") as the RDFI side sends it back to our ODFI, without
// the app's writer or parser, so the import is not checked against its own code.

export interface BankReturn {
  /** The trace number of the entry we sent. */
  traceNumber: string;
  returnCode: string;
  amountCents: number;
  /** The first 8 digits of the seller's routing number (the original RDFI). */
  originalRdfi: string;
  individualId?: string;
  name?: string;
}

const left = (value: string, width: number) => value.padEnd(width, ' ').slice(0, width);
const zeros = (value: number | string, width: number) => String(value).padStart(width, '0');

/** Each return is an entry (code 21: a returned checking credit) and its type-99 addenda. */
export function bankReturnFile(odfiRouting: string, returns: readonly BankReturn[]): string {
  const odfi = odfiRouting.slice(0, 8);
  const rdfi = '02100002';
  const companyId = '1234567890';
  const returnTrace = (i: number) => `${rdfi}${zeros(i + 1, 7)}`;
  const body = returns.flatMap((r, i) => [
    [
      '6',
      '21',
      odfi,
      odfiRouting.slice(8),
      left('', 17),
      zeros(r.amountCents, 10),
      left(r.individualId ?? '', 15),
      left(r.name ?? 'RETURNED PAYEE', 22),
      '  ',
      '1',
      returnTrace(i),
    ].join(''),
    ['7', '99', left(r.returnCode, 3), r.traceNumber, left('', 6), r.originalRdfi, left('', 44), returnTrace(i)].join(''),
  ]);
  const count = returns.length * 2;
  const hash = zeros(returns.length * Number(odfi), 10).slice(-10);
  const credit = returns.reduce((sum, r) => sum + r.amountCents, 0);
  const records = [
    `101 ${odfiRouting} 021000021261124${'0900'}A094101${left('OUR BANK', 23)}${left('FEDERAL RESERVE', 23)}${left('', 8)}`,
    `5220${left('ASSAY BUYERS', 16)}${left('', 20)}${companyId}PPD${left('PAYOUT', 10)}${left('', 6)}261124${left('', 3)}1${rdfi}0000001`,
    ...body,
    `8220${zeros(count, 6)}${hash}${zeros(0, 12)}${zeros(credit, 12)}${companyId}${left('', 25)}${rdfi}0000001`,
  ];
  const blocks = Math.ceil((records.length + 1) / 10);
  records.push(`9${zeros(1, 6)}${zeros(blocks, 6)}${zeros(count, 8)}${hash}${zeros(0, 12)}${zeros(credit, 12)}${left('', 39)}`);
  while (records.length % 10 !== 0) records.push('9'.repeat(94));
  for (const record of records) if (record.length !== 94) throw new Error(`a return record is ${record.length} long: ${record}`);
  return `${records.join('\n')}\n`;
}
