// What both exports say of a seller's identity: which check to report, its ID number decrypted
// (for the exports only), and the words for a detail that was never recorded.
import type { AppContext } from '../../../context.ts';
import type { ShippingAddress } from '@assay/domain';
import type { kycRecords, users } from '../../../db/schema/index.ts';
import { DecryptionError, decryptField } from '../../../lib/crypto.ts';
import { personalDataContext, readAddressForReport, readTextForReport, UNREADABLE } from '../../../lib/personal-data.ts';
import { idNumberContext } from '../kyc/kyc.service.ts';

type KycRecordRow = typeof kycRecords.$inferSelect;

/** Older identity checks were sent before Assay asked for the ID's issuer. */
export const NOT_RECORDED = 'not recorded';

/** What a report writes in place of an ID number no configured key can read. */
export const UNREADABLE_ID_NUMBER = UNREADABLE;

type ReportCtx = Pick<AppContext, 'keys' | 'log'>;

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

/** The date of birth on a check (sealed, lib/personal-data.ts); UNREADABLE when no key opens it. */
export function readDateOfBirth(ctx: ReportCtx, record: KycRecordRow): string {
  const dateOfBirth = readTextForReport(
    ctx.keys.decryptionKeys,
    record.encryptedDateOfBirth,
    personalDataContext.dateOfBirth(record.id),
  );
  if (dateOfBirth === UNREADABLE) ctx.log.warn({ kycRecordId: record.id }, 'No configured key decrypts this date of birth.');
  return dateOfBirth ?? NOT_RECORDED;
}

/** The address kept on a seller's profile, its street opened for the export (or UNREADABLE). */
export function readProfileAddress(ctx: ReportCtx, user: typeof users.$inferSelect): ShippingAddress | null {
  const address = readAddressForReport(
    ctx.keys.decryptionKeys,
    user.shippingAddress,
    user.encryptedStreet,
    personalDataContext.profileStreet(user.id),
  );
  if (address?.line1 === UNREADABLE) ctx.log.warn({ userId: user.id }, "No configured key decrypts this seller's street.");
  return address;
}

/** "Name, 12 Main Street, Apt 4B, Springfield, IL 62701", as one cell. */
export function oneLineAddress(address: ShippingAddress): string {
  const { name, line1, line2, city, state, postalCode } = address;
  return [name, line1, line2, `${city}, ${state} ${postalCode}`].filter(Boolean).join(', ');
}
