// A parcel's items as the answers show them (decision 042), and the photo limit that grows with them.
import { centsToDecimalString, imageUrl, photoLimitFor, type SubmissionItem } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { NewSubmissionRow } from './submissions.repository.ts';
import {
  insertSubmissionItems,
  listItemsOfSubmission,
  listItemsOfSubmissions,
  type NewSubmissionItemRow,
  photoIdsByItemOfSubmissions,
  type SubmissionItemRow,
} from './submission-items.repository.ts';

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
    guaranteeFloor: row.guaranteeFloor === null ? null : centsToDecimalString(row.guaranteeFloor),
    outcome: row.outcome,
  };
}

/** The items of several submissions (a list's page), by submission: two reads whatever the page's size. */
export async function itemViewsOfSubmissions(
  db: DbOrTx,
  submissionIds: readonly string[],
): Promise<Map<string, SubmissionItem[]>> {
  const [rows, photos] = await Promise.all([
    listItemsOfSubmissions(db, submissionIds),
    photoIdsByItemOfSubmissions(db, submissionIds),
  ]);
  const result = new Map<string, SubmissionItem[]>();
  for (const row of rows) {
    result.set(row.submissionId, [...(result.get(row.submissionId) ?? []), toSubmissionItemView(row, photos.get(row.id) ?? [])]);
  }
  return result;
}

/** A submission's items with their photos, in position order. */
export async function itemViewsOf(db: DbOrTx, submissionId: string): Promise<SubmissionItem[]> {
  return (await itemViewsOfSubmissions(db, [submissionId])).get(submissionId) ?? [];
}

/** How many photos a parcel may hold: four per item, so a parcel of one keeps SPEC's four. */
export async function photoLimitOf(db: DbOrTx, submissionId: string): Promise<number> {
  return photoLimitFor((await listItemsOfSubmission(db, submissionId)).length);
}

/**
 * Item 1 of submissions written whole elsewhere (the demo's sample rows): a parcel of one item,
 * its fields the submission's own, as migration 0032 made for the submissions before items.
 */
export async function insertFirstItems(tx: DbOrTx, rows: readonly NewSubmissionRow[]) {
  const items: NewSubmissionItemRow[] = rows.map((row) => {
    const min = row.preliminaryQuoteMin ?? 0;
    const max = Math.max(row.preliminaryQuoteMax ?? 0, min);
    return {
      id: crypto.randomUUID(),
      submissionId: row.id,
      position: 1,
      category: row.category,
      description: row.description,
      estimatedWeight: row.estimatedWeight,
      weightUnit: row.weightUnit,
      material: row.material ?? null,
      preliminaryQuoteMin: min,
      preliminaryQuoteMax: max,
      declaredValue: row.declaredValue ?? max,
      // A parcel of one: the submission's floor is its one item's.
      guaranteeFloor: row.guaranteeFloor ?? null,
    };
  });
  if (items.length > 0) await insertSubmissionItems(tx, items);
}
