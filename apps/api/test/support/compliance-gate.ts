// A seller before the compliance gate (DECISIONS "Compliance"), for the gate's tests and the queue's:
// an account whose address is in a state (or none), a new submission of theirs, the appraiser's
// receipt and offer, an approved ID, the signed statement and the acceptance by ACH.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildSubmission } from '../../src/db/factories.ts';
import type { Db } from '../../src/db/client.ts';
import { kycRecords, submissions, users } from '../../src/db/schema/index.ts';
import { achDetails, postJson, type Person } from './payouts.fixtures.ts';
import { sealedProfileAddress } from './sealed-addresses.ts';
import { signUp } from './sessions.ts';
import type { TestApp } from './test-app.ts';
import { photographItems } from './report-lines.ts';

/** The seller's profile address, in `state`. */
export const sellerAddress = (state: string) => ({
  name: 'Casey Client',
  line1: '1 Ocean Drive',
  line2: null,
  city: 'Miami',
  state,
  postalCode: '33139',
  phone: null,
});

/** Casey Client, living in `state` (null: no address on file). */
export async function signUpSellerIn(t: TestApp, state: string | null): Promise<Person> {
  const person = await signUp(t.app, { firstName: 'Casey', lastName: 'Client' });
  if (state)
    await t.db
      .update(users)
      .set(sealedProfileAddress(t.app.ctx.keys.encryptionKey, person.id, sellerAddress(state)))
      .where(eq(users.id, person.id));
  return person;
}

/** A new submission, photographed: its police report line will be whole once bought. */
export async function insertNewSubmission(db: Db, userId: string) {
  const row = buildSubmission({ userId, status: 'new' });
  await db.insert(submissions).values(row);
  await photographItems(db, row.id!, userId);
  return row;
}

export const receiveParcel = (app: FastifyInstance, submissionId: string, adminCookie: string) =>
  postJson(app, `/api/admin/submissions/${submissionId}/receive`, {}, adminCookie);

/** The appraiser's offer (cents), as the offer command leaves the row. */
export async function markOffered(db: Db, submissionId: string, finalOffer = 500_00) {
  await db
    .update(submissions)
    .set({ status: 'offered', finalOffer, actualWeight: '10', offeredAt: new Date() })
    .where(eq(submissions.id, submissionId));
}

/** The seller's ID, checked and approved. */
export async function approveIdOf(db: Db, userId: string) {
  await db.insert(kycRecords).values({
    id: crypto.randomUUID(),
    userId,
    status: 'approved',
    fullName: 'Casey Client',
    idType: 'drivers_license',
    idIssuer: 'FL',
    idNumberLast4: '1234',
    encryptedIdNumber: 'v1:test',
    reviewedAt: new Date(),
  });
}

export const signStatement = (app: FastifyInstance, submissionId: string, cookie: string, body: unknown) =>
  postJson(app, `/api/submissions/${submissionId}/statement`, body, cookie);

export const acceptByAch = (app: FastifyInstance, submissionId: string, cookie: string) =>
  postJson(app, '/api/transactions', { submissionId, payoutMethod: 'ach', payoutDetails: achDetails }, cookie);
