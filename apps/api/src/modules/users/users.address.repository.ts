import { eq } from 'drizzle-orm';
import type { ShippingAddress } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** The address kept on the profile, or null when the client has not given one yet. */
export async function findShippingAddress(db: DbOrTx, userId: string): Promise<ShippingAddress | null> {
  const [row] = await db.select({ address: users.shippingAddress }).from(users).where(eq(users.id, userId)).limit(1);
  const address = row?.address;
  if (!address) return null;
  return { ...address, line2: address.line2 ?? null, phone: address.phone ?? null };
}

export async function saveShippingAddress(db: DbOrTx, userId: string, address: ShippingAddress) {
  await db.update(users).set({ shippingAddress: address, updatedAt: new Date() }).where(eq(users.id, userId));
}
