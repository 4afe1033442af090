// The client's shipping address, asked for the first time a label needs it and kept on the
// profile (DECISIONS "Shipping labels"). The shared schema has checked and normalised it already.
import type { AddressResponse, ShippingAddress } from '@assay/domain';
import type { Actor } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { followCorrectedSender } from '../shipping-labels/label-rows.ts';
import { findShippingAddress, saveShippingAddress } from './users.address.repository.ts';
import type { DbOrTx } from '../../db/client.ts';

export { storedAddress } from './users.address.repository.ts';

/** For other modules' rules: where a person's parcels go, if they gave an address. */
export function shippingAddressOf(db: DbOrTx, userId: string) {
  return findShippingAddress(db, userId);
}

export async function getShippingAddress({ db }: AppContext, actor: Actor): Promise<AddressResponse> {
  return { address: await findShippingAddress(db, actor.id) };
}

/**
 * Saves the address. A client who fixes a typo after printing a sample label reprints it with
 * the corrected sender, as long as the parcel has not reached us (status new); labels valid for
 * postage stay as registered with their carrier.
 */
export async function updateShippingAddress(
  { db }: AppContext,
  actor: Actor,
  address: ShippingAddress,
): Promise<AddressResponse> {
  await db.transaction(async (tx) => {
    await saveShippingAddress(tx, actor.id, address);
    await followCorrectedSender(tx, actor.id, address);
  });
  return { address };
}
