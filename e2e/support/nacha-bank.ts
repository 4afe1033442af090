// The bank's side of an ACH journey: read the Nacha file the appraiser downloaded with the api
// tests' independent parser (not the app's writer), and answer one of its entries with a return
// file as the bank would send it back.
import { parseNachaFile, recount, type ParsedNachaFile } from '../../apps/api/test/support/nacha-parser.ts';
import { bankReturnFile } from '../../apps/api/test/support/nacha-return-file.ts';

export interface NachaEntry {
  traceNumber: string;
  amountCents: number;
  individualName: string;
  individualId: string;
  /** The seller's routing number's first 8 digits (the RDFI). */
  rdfi: string;
}

export interface ReadNachaFile {
  file: ParsedNachaFile;
  entries: NachaEntry[];
  /** What the control records should say, counted from the records themselves. */
  counted: ReturnType<typeof recount>;
}

/** Parses a downloaded file; throws on a record that is not 94 characters or out of order. */
export function readNachaFile(text: string): ReadNachaFile {
  const file = parseNachaFile(text);
  const entries = file.batches.flatMap((batch) =>
    batch.entries.map(({ record }) => ({
      traceNumber: record.traceNumber ?? '',
      amountCents: Number(record.amount),
      individualName: (record.individualName ?? '').trim(),
      individualId: (record.individualId ?? '').trim(),
      rdfi: record.rdfiId ?? '',
    })),
  );
  return { file, entries, counted: recount(file) };
}

/** The bank returns one entry of the file with a return code (R01: insufficient funds). */
export function returnFileFor(sent: ReadNachaFile, entry: NachaEntry, returnCode: string): string {
  // The file went to our bank (immediate destination): its return comes back from there.
  const odfiRouting = (sent.file.fileHeader.immediateDestination ?? '').trim();
  return bankReturnFile(odfiRouting, [
    {
      traceNumber: entry.traceNumber,
      returnCode,
      amountCents: entry.amountCents,
      originalRdfi: entry.rdfi,
      individualId: entry.individualId,
      name: entry.individualName,
    },
  ]);
}
