// Shared set-up for the payout, KYC and notification tests: submissions with an offer, ID photos
// (inserted directly, as the upload route would leave them), appraisers, and a row dump to search
// for secrets.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildSubmission, type SubmissionSpec } from '../../src/db/factories.ts';
import type { Db } from '../../src/db/client.ts';
import { submissionImages, submissions } from '../../src/db/schema/index.ts';
import type { Actor } from '../../src/access/actor.ts';
import { readyForReportLine } from './report-lines.ts';
import { signUp } from './sessions.ts';
import { TEST_ORIGIN } from './test-app.ts';

export const ROUTING = '011000015';
export const ACCOUNT = '000123456789';
export const achDetails = { accountName: 'Ada Lovelace', routingNumber: ROUTING, accountNumber: ACCOUNT };

export type Person = Awaited<ReturnType<typeof signUp>>;

/**
 * An offered submission its seller can accept: besides the offer, what its police report line needs
 * (issue 28 item 6) and a received parcel has, a photo and the seller's address.
 */
export async function offeredSubmission(db: Db, userId: string, finalOffer = '1000.00', spec: Partial<SubmissionSpec> = {}) {
  const row = await bareOfferedSubmission(db, userId, finalOffer, spec);
  await readyForReportLine(db, row.id, userId);
  return row;
}

/** The offer alone: for a test that sets up the photos and address itself. */
export async function bareOfferedSubmission(db: Db, userId: string, finalOffer = '1000.00', spec: Partial<SubmissionSpec> = {}) {
  const row = buildSubmission({ userId, status: 'offered', finalOffer, ...spec });
  await db.insert(submissions).values(row);
  return row;
}

export async function insertImage(db: Db, ownerId: string, overrides: Partial<typeof submissionImages.$inferInsert> = {}) {
  const id = overrides.id ?? crypto.randomUUID();
  await db.insert(submissionImages).values({
    id,
    ownerId,
    purpose: 'kyc',
    status: 'stored',
    storageKey: `originals/${id}`,
    contentType: 'image/jpeg',
    uploadExpiresAt: new Date(Date.now() + 15 * 60_000),
    ...overrides,
  });
  return id;
}

/** An appraiser: signed up, then promoted the way the admin CLI does it. */
export async function signUpAdmin(app: FastifyInstance, db: Db): Promise<Person & { user: Actor }> {
  const person = await signUp(app, { firstName: 'Avery' });
  await db.execute(sql`update users set is_admin = true where id = ${person.id}`);
  return { ...person, user: currentUser(person, true) };
}

export function currentUser(person: { id: string; email: string }, isAdmin = false): Actor {
  return {
    id: person.id,
    email: person.email,
    firstName: 'Casey',
    lastName: 'Client',
    isAdmin,
    isPremium: false,
    twoFactorEnabled: false,
    secondFactorAt: null,
  };
}

export function postJson(app: FastifyInstance, url: string, payload: unknown, cookie?: string) {
  return app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** Every row of a table as JSON text, to search for what must never be stored in clear. */
export async function tableText(db: Db, table: string, exceptColumns: string[] = []) {
  const result = await db.execute(sql.raw(`select row_to_json(t)::jsonb as j from ${table} t`));
  const rows = (result as unknown as { rows: { j: Record<string, unknown> }[] }).rows;
  return rows
    .map((r) => {
      const copy = { ...r.j };
      for (const column of exceptColumns) delete copy[column];
      return JSON.stringify(copy);
    })
    .join('\n');
}
