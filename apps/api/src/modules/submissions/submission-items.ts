// A parcel's items as the answers show them (decision 042), and the photo limit that grows with them.
import { centsToDecimalString, imageUrl, MAX_IMAGES_PER_SUBMISSION, type SubmissionItem } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { listItemsOfSubmission, photoIdsByItem, type SubmissionItemRow } from './submission-items.repository.ts';

export function toSubmissionItemView(row: SubmissionItemRow, imageIds: readonly string[]): SubmissionItem {
  return {
    position: row.position,
    category: row.category,
    description: row.description,
    estimatedWeight: Number(row.estimatedWeight),
    weightUnit: row.weightUnit,
    material: row.material,
    stoneChoice: row.stoneChoice,
    images: imageIds.map(imageUrl),
    preliminaryQuoteMin: centsToDecimalString(row.preliminaryQuoteMin),
    preliminaryQuoteMax: centsToDecimalString(row.preliminaryQuoteMax),
    declaredValue: centsToDecimalString(row.declaredValue),
    outcome: row.outcome,
  };
}

/** A submission's items with their photos, in position order. */
export async function itemViewsOf(db: DbOrTx, submissionId: string): Promise<SubmissionItem[]> {
  const rows = await listItemsOfSubmission(db, submissionId);
  const photos = await photoIdsByItem(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toSubmissionItemView(row, photos.get(row.id) ?? []));
}

/** How many photos a parcel may hold: four per item, so a parcel of one keeps SPEC's four. */
export async function photoLimitOf(db: DbOrTx, submissionId: string): Promise<number> {
  const items = await listItemsOfSubmission(db, submissionId);
  return MAX_IMAGES_PER_SUBMISSION * Math.max(1, items.length);
}
