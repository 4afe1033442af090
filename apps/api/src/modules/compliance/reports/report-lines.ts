// What the police report would write for the items a purchase buys, read before the purchase is
// made (issue 28 item 6: "a purchase cannot be completed while its report line is missing"). The
// report itself (police-report.service.ts) lists photos and names materials with the same helpers,
// so the gate and the file cannot disagree about what a line holds.
import {
  type ItemType,
  itemTypes,
  type PoliceReportLineFacts,
  type PoliceReportLineProblem,
  policeReportLineProblems,
} from '@assay/domain';
import type { DbOrTx } from '../../../db/client.ts';
import type { SubmissionRow } from '../../submissions/index.ts';
import { benchPhotosOf, findUser, itemPhotosOf, itemsOf, kycRecordsOf, labelsOf, offersOf } from './reports.repository.ts';

type Photo = Awaited<ReturnType<typeof itemPhotosOf>>[number];
type BenchPhoto = Awaited<ReturnType<typeof benchPhotosOf>>[number];
type Line = Awaited<ReturnType<typeof offersOf>>[number]['lines'][number];

export const asItemType = (material: string | null | undefined): ItemType | null =>
  material && (itemTypes as readonly string[]).includes(material) ? (material as ItemType) : null;

/**
 * The photos a report line lists for one item: its own, the bench photo of a test on one of its
 * lines (an intake photo kept without an item), and those of the whole parcel. A bench photo shows
 * the item on the scale, so it belongs to that item's line rather than to every item of the parcel.
 */
export function photosOfItem(photos: readonly Photo[], benchPhotos: readonly BenchPhoto[], itemId: string | null) {
  const benchItem = new Map(benchPhotos.map((bench) => [bench.imageId, bench.itemId]));
  return photos.filter((photo) => {
    const owner = photo.itemId ?? benchItem.get(photo.id) ?? null;
    return owner === null || owner === itemId;
  });
}

/** The material an item's article code is made from: the first of its lines that names one, else the seller's. */
export function materialOfItem(lines: readonly Line[], itemId: string | null, fallback: string | null): ItemType | null {
  const named = lines.find((line) => (itemId === null || line.itemId === itemId) && asItemType(line.material) !== null);
  return asItemType(named?.material ?? fallback);
}

export interface ReportLineGap {
  item: PoliceReportLineFacts['item'];
  problems: PoliceReportLineProblem[];
}

/**
 * The items the current offer version would buy (those it prices and that are not settled: items
 * the seller declined have no line in it, items sent back are settled) whose report line would
 * miss something, with what. `idRequired` is the gate's own answer for this purchase.
 */
export async function reportLineGaps(db: DbOrTx, submission: SubmissionRow, idRequired: boolean): Promise<ReportLineGap[]> {
  const ids = [submission.id];
  const [versions, rows, photos, benchPhotos, labels, kyc, user] = await Promise.all([
    offersOf(db, ids),
    itemsOf(db, ids),
    itemPhotosOf(db, ids),
    benchPhotosOf(db, ids),
    labelsOf(db, ids),
    kycRecordsOf(db, [submission.userId]),
    findUser(db, submission.userId),
  ]);
  const lines = versions.at(-1)?.lines ?? [];
  const approved = kyc.find((record) => record.status === 'approved') ?? null;
  const inbound = labels.find((label) => label.direction === 'inbound');
  const seller = {
    idRequired,
    approvedId: approved ? { issuer: approved.idIssuer } : null,
    sellerName: approved?.fullName ?? user?.name ?? '',
    // A profile address is whole only with its sealed street (lib/personal-data.ts).
    hasAddress: inbound !== undefined || (user?.shippingAddress != null && user.encryptedStreet != null),
  };

  const items = rows.map((row) => row.item);
  const open = items.filter((item) => item.outcome === null);
  // A version whose lines name no item (SPEC's one-number offer) buys every item still open.
  const priced = lines.some((line) => line.itemId !== null);
  const bought = priced ? open.filter((item) => lines.some((line) => line.itemId === item.id)) : open;
  const facts: PoliceReportLineFacts[] =
    items.length === 0
      ? [
          {
            ...seller,
            item: { position: null, description: submission.description },
            photoCount: photos.length,
            category: submission.category,
            material: materialOfItem(lines, null, submission.material),
          },
        ]
      : bought.map((item) => ({
          ...seller,
          item: { position: item.position, description: item.description },
          photoCount: photosOfItem(photos, benchPhotos, item.id).length,
          category: item.category,
          material: materialOfItem(lines, item.id, item.material),
        }));
  return facts
    .map((line) => ({ item: line.item, problems: policeReportLineProblems(line) }))
    .filter((gap) => gap.problems.length > 0);
}
