import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { submissionImages, submissions } from '../../db/schema/index.ts';

export type SubmissionRow = typeof submissions.$inferSelect;
export type NewSubmissionRow = typeof submissions.$inferInsert;

export async function insertSubmission(db: DbOrTx, row: NewSubmissionRow) {
  const [created] = await db.insert(submissions).values(row).returning();
  return created!;
}

export function listSubmissionsOfUser(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(submissions)
    .where(eq(submissions.userId, userId))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));
}

export function listLatestSubmissions(db: DbOrTx, limit: number) {
  return db.select().from(submissions).orderBy(desc(submissions.createdAt), desc(submissions.id)).limit(limit);
}

export async function imageIdsBySubmission(db: DbOrTx, submissionIds: string[]) {
  const result = new Map<string, string[]>();
  if (submissionIds.length === 0) return result;
  const rows = await db
    .select({ id: submissionImages.id, submissionId: submissionImages.submissionId })
    .from(submissionImages)
    .where(inArray(submissionImages.submissionId, submissionIds))
    .orderBy(asc(submissionImages.position), asc(submissionImages.createdAt));
  for (const row of rows) {
    if (!row.submissionId) continue;
    result.set(row.submissionId, [...(result.get(row.submissionId) ?? []), row.id]);
  }
  return result;
}
