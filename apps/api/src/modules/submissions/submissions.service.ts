import type { Db } from '../../db/client.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import {
  imageIdsBySubmission,
  listLatestSubmissions,
  listSubmissionsOfUser,
  type SubmissionRow,
} from './submissions.repository.ts';

// Until the mailbox pages through submissions, admins see the newest ones up to this many.
const ADMIN_LIST_LIMIT = 500;

export function imageUrl(imageId: string) {
  return `/api/objects/${imageId}`;
}

/** What leaves the server: internal notes only ever reach admins. */
export function toSubmissionDto(row: SubmissionRow, imageIds: string[], viewer: CurrentUser) {
  return {
    id: row.id,
    userId: row.userId,
    category: row.category,
    description: row.description,
    estimatedWeight: Number(row.estimatedWeight),
    weightUnit: row.weightUnit,
    images: imageIds.map(imageUrl),
    preliminaryQuoteMin: row.preliminaryQuoteMin,
    preliminaryQuoteMax: row.preliminaryQuoteMax,
    finalOffer: row.finalOffer,
    actualWeight: row.actualWeight === null ? null : Number(row.actualWeight),
    status: row.status,
    guaranteeDeadline: row.guaranteeDeadline.toISOString(),
    requiresKyc: row.requiresKyc,
    createdAt: row.createdAt.toISOString(),
    ...(viewer.isAdmin ? { adminNotes: row.adminNotes } : {}),
  };
}

export async function listSubmissions(db: Db, viewer: CurrentUser) {
  const rows = viewer.isAdmin
    ? await listLatestSubmissions(db, ADMIN_LIST_LIMIT)
    : await listSubmissionsOfUser(db, viewer.id);
  const images = await imageIdsBySubmission(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toSubmissionDto(row, images.get(row.id) ?? [], viewer));
}
