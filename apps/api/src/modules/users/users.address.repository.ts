import { eq } from 'drizzle-orm';
import type { ShippingAddress } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** A stored address with its optional lines as null (older rows may have left them out). */
export function storedAddress(
  address: (Omit<ShippingAddress, 'line2' | 'phone'> & { line2?: string | null; phone?: string | null }) | null | undefined,
): ShippingAddress | null {
  if (!address) return null;
  return { ...address, line2: address.line2 ?? null, phone: address.phone ?? null };
}

/** The address kept on the profile, or null when the client has not given one yet. */
export async function findShippingAddress(db: DbOrTx, userId: string): Promise<ShippingAddress | null> {
  const [row] = await db.select({ address: users.shippingAddress }).from(users).where(eq(users.id, userId)).limit(1);
  return storedAddress(row?.address);
}

export async function saveShippingAddress(db: DbOrTx, userId: string, address: ShippingAddress) {
  await db.update(users).set({ shippingAddress: address, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** A person's name and stored address, as a check made out to them reads them. */
export async function findNameAndAddress(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ name: users.name, firstName: users.firstName, lastName: users.lastName, address: users.shippingAddress })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { ...row, address: storedAddress(row.address) } : null;
}
