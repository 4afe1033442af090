import { eq } from 'drizzle-orm';
import type { ShippingAddress } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { DecryptionKeys } from '../../lib/crypto.ts';
import { openAddress, type PostalArea, personalDataContext, sealAddress } from '../../lib/personal-data.ts';

const context = personalDataContext.profileStreet;

/** The address kept on the profile (street and phone opened), or null when the client has not given one yet. */
export async function findShippingAddress(db: DbOrTx, keys: DecryptionKeys, userId: string): Promise<ShippingAddress | null> {
  const [row] = await db
    .select({ address: users.shippingAddress, street: users.encryptedStreet })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? openAddress(keys, row.address, row.street, context(userId)) : null;
}

/** The clear part of the stored address (name, city, state, ZIP): no key needed. */
export async function findPostalArea(db: DbOrTx, userId: string): Promise<PostalArea | null> {
  const [row] = await db.select({ address: users.shippingAddress }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.address ?? null;
}

export async function saveShippingAddress(db: DbOrTx, encryptionKey: string, userId: string, address: ShippingAddress) {
  const sealed = sealAddress(encryptionKey, address, context(userId));
  await db
    .update(users)
    .set({ shippingAddress: sealed.address, encryptedStreet: sealed.encryptedStreet, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** A person's name and stored address (clear part only), as a check or a statement names them. */
export async function findNameAndPostalArea(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      address: users.shippingAddress,
      street: users.encryptedStreet,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
