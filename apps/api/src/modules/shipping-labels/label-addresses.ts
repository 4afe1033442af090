// A label's two addresses, sealed for its row and opened again (lib/personal-data.ts).
import type { ShippingAddress } from '@assay/domain';
import type { DecryptionKeys } from '../../lib/crypto.ts';
import { openAddress, type PostalArea, personalDataContext, readAddressForReport, sealAddress } from '../../lib/personal-data.ts';

/** A label's two addresses, sealed for its row (lib/personal-data.ts): what an insert writes. */
export function sealLabelAddresses(encryptionKey: string, labelId: string, sender: ShippingAddress, receiver: ShippingAddress) {
  const sealedSender = sealAddress(encryptionKey, sender, personalDataContext.labelSenderStreet(labelId));
  const sealedReceiver = sealAddress(encryptionKey, receiver, personalDataContext.labelReceiverStreet(labelId));
  return {
    sender: sealedSender.address,
    encryptedSenderStreet: sealedSender.encryptedStreet,
    receiver: sealedReceiver.address,
    encryptedReceiverStreet: sealedReceiver.encryptedStreet,
  };
}

interface StoredLabelAddresses {
  id: string;
  sender: PostalArea;
  encryptedSenderStreet: string | null;
  receiver: PostalArea;
  encryptedReceiverStreet: string | null;
}

/** A label's two addresses whole, to print or to hand to the carrier; throws if no key opens them. */
export function openLabelAddresses(keys: DecryptionKeys, row: StoredLabelAddresses) {
  return {
    sender: openAddress(keys, row.sender, row.encryptedSenderStreet, personalDataContext.labelSenderStreet(row.id))!,
    receiver: openAddress(keys, row.receiver, row.encryptedReceiverStreet, personalDataContext.labelReceiverStreet(row.id))!,
  };
}

/** The same for an export: a street no key opens reads UNREADABLE instead of failing the file. */
export function readLabelAddressesForReport(keys: DecryptionKeys, row: StoredLabelAddresses) {
  return {
    sender: readAddressForReport(keys, row.sender, row.encryptedSenderStreet, personalDataContext.labelSenderStreet(row.id))!,
    receiver: readAddressForReport(
      keys,
      row.receiver,
      row.encryptedReceiverStreet,
      personalDataContext.labelReceiverStreet(row.id),
    )!,
  };
}

/** A label's sender alone, or null when no key opens its street (it is then simply written again). */
export function openLabelSender(
  keys: DecryptionKeys,
  row: Pick<StoredLabelAddresses, 'id' | 'sender' | 'encryptedSenderStreet'>,
): ShippingAddress | null {
  try {
    return openAddress(keys, row.sender, row.encryptedSenderStreet, personalDataContext.labelSenderStreet(row.id));
  } catch {
    return null;
  }
}
