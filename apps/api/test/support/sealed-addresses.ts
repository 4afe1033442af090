// Rows written straight into the database, as the app writes them: street lines and phone sealed
// (lib/personal-data.ts), since the tables' CHECKs refuse them in clear.
import type { ShippingAddress } from '@assay/domain';
import { personalDataContext, sealAddress } from '../../src/lib/personal-data.ts';
import { sealLabelAddresses } from '../../src/modules/shipping-labels/label-addresses.ts';

/** A label row with its two addresses sealed to its id. */
export function sealedLabel<T extends { id: string; sender: ShippingAddress; receiver: ShippingAddress }>(
  encryptionKey: string,
  label: T,
) {
  return { ...label, ...sealLabelAddresses(encryptionKey, label.id, label.sender, label.receiver) };
}

/** The `users` columns of a profile address, sealed to the user's id. */
export function sealedProfileAddress(encryptionKey: string, userId: string, address: ShippingAddress) {
  const sealed = sealAddress(encryptionKey, address, personalDataContext.profileStreet(userId));
  return { shippingAddress: sealed.address, encryptedStreet: sealed.encryptedStreet };
}
