// The rows the signed-in bench reads: a client with CLIENT_SUBMISSIONS submissions (photos, open
// offers on the offered ones), an appraiser, and other sellers' submissions interleaved in time so
// the mailbox's first page is a mix, some with an inbound parcel the carrier has news of. People
// sign up through Assay's own routes; rows come from the same factories the tests use.
import { sql } from 'drizzle-orm';
import type { SubmissionCategory, SubmissionStatus } from '@assay/domain';
import { buildImage, buildSubmission } from '../../apps/api/src/db/factories.ts';
import {
  offers,
  shippingLabels,
  submissionImages,
  submissions,
  trackingEvents,
  users,
} from '../../apps/api/src/db/schema/index.ts';
import { signUpAdmin } from '../../apps/api/test/support/payouts.fixtures.ts';
import { signUp } from '../../apps/api/test/support/sessions.ts';
import type { TestApp } from '../../apps/api/test/support/test-app.ts';

export const CLIENT_SUBMISSIONS = 20;
export const OTHER_SUBMISSIONS = 300;
const OTHER_SELLERS = 5;

const MINUTE = 60_000;
const statuses: SubmissionStatus[] = ['new', 'appraising', 'offered', 'completed', 'returned'];
const categories: SubmissionCategory[] = ['jewelry', 'scrap', 'gems'];
const address = (name: string) => ({
  name,
  line1: '1 Bench Street',
  line2: null,
  city: 'Wilmington',
  state: 'DE',
  postalCode: '19801',
  phone: null,
});

export interface SignedInPerson {
  id: string;
  email: string;
  cookie: string;
}

export async function seedSignedIn(t: TestApp) {
  const client = await signUp(t.app);
  const admin = await signUpAdmin(t.app, t.db);
  const now = Date.now();

  const otherIds = Array.from({ length: OTHER_SELLERS }, (_, i) => `bench-seller-${i + 1}`);
  await t.db.insert(users).values(otherIds.map((id, i) => ({ id, name: `Bench Seller ${i + 1}`, email: `${id}@bench.test` })));

  const rows = [
    ...Array.from({ length: CLIENT_SUBMISSIONS }, (_, i) => ({ userId: client.id, i, minutesAgo: 17 + i * 53 })),
    ...Array.from({ length: OTHER_SUBMISSIONS }, (_, i) => ({ userId: otherIds[i % OTHER_SELLERS]!, i, minutesAgo: 5 + i * 11 })),
  ].map(({ userId, i, minutesAgo }) =>
    buildSubmission({
      userId,
      status: statuses[i % statuses.length],
      category: categories[i % categories.length],
      description: `Bench item ${i + 1}: 14k yellow gold chain, 20 inches`,
      estimatedWeight: 5 + (i % 17),
      createdAt: new Date(now - minutesAgo * MINUTE),
      adminNotes: i % 4 === 0 ? 'Checked the clasp' : undefined,
    }),
  );
  await t.db.insert(submissions).values(rows);

  // Photos: two for each of the client's, one for every other one of the rest.
  const photos = rows.flatMap((row, n) =>
    Array.from({ length: row.userId === client.id ? 2 : n % 2 }, (_, position) =>
      buildImage({ ownerId: row.userId, submissionId: row.id, position, createdAt: row.createdAt }),
    ),
  );
  await t.db.insert(submissionImages).values(photos);

  // The open offer of each offered submission (the list shows its deadline).
  const offered = rows.filter((row) => row.status === 'offered');
  await t.db.insert(offers).values(
    offered.map((row) => ({
      id: crypto.randomUUID(),
      submissionId: row.id!,
      version: 1,
      status: 'open' as const,
      total: row.finalOffer!,
      validUntil: new Date(now + 7 * 24 * 60 * MINUTE),
      createdBy: admin.id,
    })),
  );

  // An inbound label for every third submission, with the carrier's scans.
  const labelled = rows.filter((_, n) => n % 3 === 0);
  const labels = labelled.map((row, n) => ({
    id: crypto.randomUUID(),
    submissionId: row.id!,
    userId: row.userId,
    direction: 'inbound',
    trackingNumber: `BENCH${String(n).padStart(10, '0')}`,
    carrier: 'USPS',
    insuredValue: 500_00,
    sender: address('Bench Seller'),
    receiver: address('Assay'),
  }));
  await t.db.insert(shippingLabels).values(labels);
  await t.db.insert(trackingEvents).values(
    labels.flatMap((label, n) => {
      const created = labelled[n]!.createdAt!.getTime();
      const scans = [
        {
          status: 'label_created' as const,
          carrierStatus: 'pre_transit',
          message: null,
          location: null,
          at: created + 5 * MINUTE,
        },
        {
          status: 'in_transit' as const,
          carrierStatus: 'in_transit',
          message: 'ARRIVED AT USPS FACILITY',
          location: 'Memphis TN',
          at: created + 9 * MINUTE,
        },
        ...(n % 2 === 0
          ? [
              {
                status: 'delivered' as const,
                carrierStatus: 'delivered',
                message: 'Delivered, front desk',
                location: 'Wilmington DE',
                at: created + 12 * MINUTE,
              },
            ]
          : []),
      ];
      return scans.map((scan) => ({
        id: crypto.randomUUID(),
        labelId: label.id,
        submissionId: label.submissionId,
        status: scan.status,
        carrierStatus: scan.carrierStatus,
        message: scan.message,
        location: scan.location,
        occurredAt: new Date(scan.at),
      }));
    }),
  );
  for (const table of ['users', 'submissions', 'submission_images', 'offers', 'shipping_labels', 'tracking_events']) {
    await t.db.execute(sql.raw(`analyze ${table}`));
  }
  const person = (p: { id: string; email: string; cookie: string }): SignedInPerson => ({
    id: p.id,
    email: p.email,
    cookie: p.cookie,
  });
  return { client: person(client), admin: person(admin), submissions: rows.length, photos: photos.length, labels: labels.length };
}
