// The client's shipping address, asked for the first time a label needs it and kept on the
// profile (DECISIONS "Shipping labels"). The shared schema has checked and normalised it already.
import type { AddressResponse, ShippingAddress } from '@assay/domain';
import type { Actor } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { followCorrectedSender } from '../shipping-labels/label-rows.ts';
import { findNameAndAddress, findShippingAddress, saveShippingAddress } from './users.address.repository.ts';
import type { DbOrTx } from '../../db/client.ts';

export { storedAddress } from './users.address.repository.ts';

/** For other modules' rules: where a person's parcels go, if they gave an address. */
export function shippingAddressOf(db: DbOrTx, userId: string) {
  return findShippingAddress(db, userId);
}

/**
 * For the check register: who a check to this person is made out to (their first and last name as
 * they signed up, else their account name) and where it is mailed (their stored address, or null).
 */
export async function payeeOf(db: DbOrTx, userId: string): Promise<{ name: string; address: ShippingAddress | null } | null> {
  const row = await findNameAndAddress(db, userId);
  if (!row) return null;
  const fullName = [row.firstName, row.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  const name = fullName || row.name.trim() || row.address?.name || '';
  return { name, address: row.address };
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
