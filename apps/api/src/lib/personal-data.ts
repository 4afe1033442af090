// Personal data at rest (issue 25 item 9, docs/decisions/028-personal-data-at-rest.md): a date of
// birth, the street lines and phone of an address, and the IP a statement was signed from are
// sealed with the field cipher of lib/crypto.ts (the ID number's: same keys, same rotation), each
// bound to its own row and column. The rest of an address (name, city, state, ZIP) stays readable:
// the compliance gate looks the seller's state up at receipt without a key, and a city and state
// alone do not find a person's door.
//
// Every reader opens them here. `open*` throws a DecryptionError when no configured key reads the
// value (a label or a check must never be printed with a guessed address); `read*ForReport`
// writes UNREADABLE instead, so one lost key does not cost a whole export.
import type { ShippingAddress } from '@assay/domain';
import { DecryptionError, type DecryptionKeys, decryptField, decryptJson, encryptField, encryptJson } from './crypto.ts';

/** What a report writes in place of a value no configured key can read. */
export const UNREADABLE = 'unreadable (encryption key missing)';

/** The part of an address kept in clear: enough for the state's rules, not enough to find a door. */
export type PostalArea = Pick<ShippingAddress, 'name' | 'city' | 'state' | 'postalCode'>;

/** The sealed part of an address. */
interface Street {
  line1: string;
  line2: string | null;
  phone: string | null;
}

/** The keys of a stored address that must never be in clear (the migration's CHECKs name them too). */
export const STREET_KEYS = ['line1', 'line2', 'phone'] as const;

/**
 * The additional authenticated data of each sealed column: `<table>.<column>:<row id>`, so a
 * value copied to another row or column does not open. Key rotation uses the same functions
 * (modules/encryption-keys/encrypted-columns.ts).
 */
export const personalDataContext = {
  dateOfBirth: (kycRecordId: string) => `kyc_records.encrypted_date_of_birth:${kycRecordId}`,
  statementIp: (statementId: string) => `seller_statements.encrypted_ip:${statementId}`,
  profileStreet: (userId: string) => `users.encrypted_street:${userId}`,
  labelSenderStreet: (labelId: string) => `shipping_labels.encrypted_sender_street:${labelId}`,
  labelReceiverStreet: (labelId: string) => `shipping_labels.encrypted_receiver_street:${labelId}`,
  checkMailingStreet: (checkId: string) => `checks.encrypted_mailing_street:${checkId}`,
} as const;

export function sealText(key: string, text: string, context: string): string {
  return encryptField(key, text, context);
}

export function sealOptionalText(key: string, text: string | null | undefined, context: string): string | null {
  return text == null || text === '' ? null : encryptField(key, text, context);
}

export function openText(keys: DecryptionKeys, stored: string, context: string): string {
  return decryptField(keys, stored, context);
}

/** A sealed text for an export: the value, null when none was stored, or UNREADABLE. */
export function readTextForReport(keys: DecryptionKeys, stored: string | null, context: string): string | null {
  if (stored === null) return null;
  return orUnreadable(() => decryptField(keys, stored, context), UNREADABLE);
}

export interface SealedAddress {
  address: PostalArea;
  encryptedStreet: string;
}

export function postalAreaOf(address: PostalArea): PostalArea {
  return { name: address.name, city: address.city, state: address.state, postalCode: address.postalCode };
}

export function sealAddress(key: string, address: ShippingAddress, context: string): SealedAddress {
  const street: Street = { line1: address.line1, line2: address.line2 ?? null, phone: address.phone ?? null };
  return { address: postalAreaOf(address), encryptedStreet: encryptJson(key, street, context) };
}

/** A stored address whole again; null when none is stored. */
export function openAddress(
  keys: DecryptionKeys,
  address: PostalArea | null,
  encryptedStreet: string | null,
  context: string,
): ShippingAddress | null {
  if (!address) return null;
  if (encryptedStreet === null) throw new DecryptionError('An address is stored without its street.');
  const street = decryptJson<Street>(keys, encryptedStreet, context);
  return { ...postalAreaOf(address), line1: street.line1, line2: street.line2 ?? null, phone: street.phone ?? null };
}

/** An address for an export: its street lines and phone say UNREADABLE when no key opens them. */
export function readAddressForReport(
  keys: DecryptionKeys,
  address: PostalArea | null,
  encryptedStreet: string | null,
  context: string,
): ShippingAddress | null {
  if (!address) return null;
  return orUnreadable(
    () => openAddress(keys, address, encryptedStreet, context),
    () => ({ ...postalAreaOf(address), line1: UNREADABLE, line2: null, phone: UNREADABLE }),
  );
}

function orUnreadable<T>(open: () => T, unreadable: T | (() => T)): T {
  try {
    return open();
  } catch (err) {
    if (!(err instanceof DecryptionError)) throw err;
    return typeof unreadable === 'function' ? (unreadable as () => T)() : unreadable;
  }
}
