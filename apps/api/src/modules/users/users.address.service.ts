// The client's shipping address, asked for the first time a label needs it and kept on the
// profile (DECISIONS "Shipping labels"). The shared schema has checked and normalised it already.
import type { AddressResponse, ShippingAddress } from '@assay/domain';
import type { Actor } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { findNameAndPostalArea, findPostalArea, findShippingAddress } from './users.address.repository.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { DecryptionKeys } from '../../lib/crypto.ts';
import { openAddress, personalDataContext } from '../../lib/personal-data.ts';

/** For other modules' rules: where a person's parcels go, if they gave an address. */
export function shippingAddressOf(db: DbOrTx, keys: DecryptionKeys, userId: string) {
  return findShippingAddress(db, keys, userId);
}

/**
 * For the compliance gate: the state of the stored address, or null without one. The state is kept
 * in clear (lib/personal-data.ts), so the rule lookup at receipt needs no key.
 */
export async function addressStateOf(db: DbOrTx, userId: string): Promise<string | null> {
  return (await findPostalArea(db, userId))?.state ?? null;
}

type NameAndPostalArea = NonNullable<Awaited<ReturnType<typeof findNameAndPostalArea>>>;

function payeeName(row: NameAndPostalArea): string {
  const fullName = [row.firstName, row.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return fullName || row.name.trim() || row.address?.name || '';
}

/**
 * Who a check or a statement names this person (their first and last name as they signed up, else
 * their account name, else the name on their address); null for no such account.
 */
export async function payeeNameOf(db: DbOrTx, userId: string): Promise<string | null> {
  const row = await findNameAndPostalArea(db, userId);
  return row ? payeeName(row) : null;
}

/** For the check register: the payee's name and where a check is mailed (their stored address, or null). */
export async function payeeOf(
  db: DbOrTx,
  keys: DecryptionKeys,
  userId: string,
): Promise<{ name: string; address: ShippingAddress | null } | null> {
  const row = await findNameAndPostalArea(db, userId);
  if (!row) return null;
  return {
    name: payeeName(row),
    address: openAddress(keys, row.address, row.street, personalDataContext.profileStreet(userId)),
  };
}

export async function getShippingAddress({ db, keys }: AppContext, actor: Actor): Promise<AddressResponse> {
  return { address: await findShippingAddress(db, keys.decryptionKeys, actor.id) };
}
