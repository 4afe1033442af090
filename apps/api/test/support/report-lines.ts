// What every purchase carries for its police report line (issue 28 item 6: a purchase cannot be
// completed while its line is missing), for tests about something else that build a parcel without
// it: a photo of each item as the upload route leaves it, and the seller's address on their profile.
// A test about the line itself leaves these out on purpose.
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { buildImage } from '../../src/db/factories.ts';
import { submissionImages, submissionItems, users } from '../../src/db/schema/index.ts';
import { sealedProfileAddress } from './sealed-addresses.ts';
import { TEST_ENCRYPTION_KEY } from './test-app.ts';

/** One stored photo of each item of the submission (of the parcel when it has no items). */
export async function photographItems(db: Db, submissionId: string, ownerId: string) {
  const items = await db
    .select({ id: submissionItems.id })
    .from(submissionItems)
    .where(eq(submissionItems.submissionId, submissionId));
  const itemIds = items.length ? items.map((item) => item.id) : [null];
  for (const [position, itemId] of itemIds.entries()) {
    await db.insert(submissionImages).values({ ...buildImage({ ownerId, submissionId, position }), itemId });
  }
}

/** The seller's address on their profile, sealed with `encryptionKey`, unless they have one. */
export async function giveSellerAddress(db: Db, userId: string, encryptionKey = TEST_ENCRYPTION_KEY) {
  const [user] = await db.select({ address: users.shippingAddress }).from(users).where(eq(users.id, userId));
  if (user?.address) return;
  const address = {
    name: 'Casey Client',
    line1: '12 Main Street',
    line2: null,
    city: 'Albany',
    state: 'NY',
    postalCode: '12207',
    phone: null,
  };
  await db
    .update(users)
    .set(sealedProfileAddress(encryptionKey, userId, address))
    .where(eq(users.id, userId));
}

/** Both: what a received parcel's report line needs that the test does not set up itself. */
export async function readyForReportLine(db: Db, submissionId: string, userId: string, encryptionKey = TEST_ENCRYPTION_KEY) {
  await photographItems(db, submissionId, userId);
  await giveSellerAddress(db, userId, encryptionKey);
}
