// A client's change of shipping address (a workflow): the profile keeps the new address and the
// sample labels of parcels not yet sent take it as their sender, in one transaction.
import type { AddressResponse, ShippingAddress } from '@assay/domain';
import type { Actor } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { followCorrectedSender } from '../shipping-labels/index.ts';
import { saveShippingAddress } from '../users/index.ts';

/**
 * Saves the address. A client who fixes a typo after printing a sample label reprints it with
 * the corrected sender, as long as the parcel has not reached us (status new); labels valid for
 * postage stay as registered with their carrier.
 */
export async function updateShippingAddress(
  { db, keys }: AppContext,
  actor: Actor,
  address: ShippingAddress,
): Promise<AddressResponse> {
  await db.transaction(async (tx) => {
    await saveShippingAddress(tx, keys.encryptionKey, actor.id, address);
    await followCorrectedSender(tx, keys.encryptionKey, actor.id, address);
  });
  return { address };
}
