// A client's change of shipping address (a workflow): the profile keeps the new address, and in the
// same transaction a job is queued that makes the sample labels of parcels not yet sent follow it
// (modules/shipping-labels, 'sample-labels-follow-address'). The labels need not share the save's
// transaction, only be sure to follow it: the job exists exactly when the address was saved.
import type { AddressResponse, ShippingAddress } from '@assay/domain';
import type { Actor } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { enqueue } from '../../jobs/enqueue.ts';
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
    await enqueue(tx, 'sample-labels-follow-address', { userId: actor.id });
  });
  return { address };
}
