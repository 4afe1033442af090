// What both exports say of a seller's identity: which check to report, its ID number decrypted
// (for the exports only), and the words for a detail that was never recorded.
import type { AppContext } from '../../../context.ts';
import type { kycRecords, ShippingAddress } from '../../../db/schema/index.ts';
import { DecryptionError, decryptField } from '../../../lib/crypto.ts';
import { idNumberContext } from '../../kyc/kyc.service.ts';

type KycRecordRow = typeof kycRecords.$inferSelect;

/** Older identity checks were sent before Assay asked for the ID's issuer. */
export const NOT_RECORDED = 'not recorded';

/** What a report writes in place of an ID number no configured key can read. */
export const UNREADABLE_ID_NUMBER = 'unreadable (encryption key missing)';

/** The check a report names: the approved one, else the newest. `records` come newest first. */
export function chooseKycRecord(records: readonly KycRecordRow[]): KycRecordRow | null {
  return records.find((r) => r.status === 'approved') ?? records[0] ?? null;
}

/**
 * The full ID number. A key that is gone must not cost the whole report (a 500 would hide every
 * other row from the police): the cell says so, and the log names the record, never a number.
 */
export function decryptIdNumber(ctx: Pick<AppContext, 'keys' | 'log'>, record: KycRecordRow): string {
  try {
    return decryptField(ctx.keys.decryptionKeys, record.encryptedIdNumber, idNumberContext(record.id));
  } catch (err) {
    if (!(err instanceof DecryptionError)) throw err;
    ctx.log.warn({ kycRecordId: record.id }, 'No configured key decrypts this ID number.');
    return UNREADABLE_ID_NUMBER;
  }
}

/** "Name, 12 Main Street, Apt 4B, Springfield, IL 62701", as one cell. */
export function oneLineAddress(address: ShippingAddress): string {
  const { name, line1, line2, city, state, postalCode } = address;
  return [name, line1, line2, `${city}, ${state} ${postalCode}`].filter(Boolean).join(', ');
}
