// The daily police report (issue 13 item 5, DECISIONS "Compliance"; issue 28 item 6): one CSV row
// per item bought that day in the business's time zone (a purchase of a submission without items,
// from before items existed, is one row), with the fields LeadsOnline-style reports carry: the
// item's tag, its article code, links to its photos and the seller's ID details. The ID number is
// decrypted for this file only; the download is audited and nothing of the file is kept or logged.
import {
  articleCodeOf,
  businessDateTimeOf,
  businessDayRange,
  idTypeLabels,
  imageUrl,
  itemTypeLabels,
  policeReportDayProblem,
  policeReportFileName,
  centsToDecimalString,
} from '@assay/domain';
import { type Actor, assertAppraiser } from '../../../access/actor.ts';
import type { AppContext } from '../../../context.ts';
import { badRequest } from '../../../lib/app-error.ts';
import { toCsv } from '../../../lib/csv.ts';
import { writeAuditEntry } from '../../audit/index.ts';
import { readLabelAddressesForReport } from '../../shipping-labels/index.ts';
import {
  chooseKycRecord,
  decryptIdNumber,
  NOT_RECORDED,
  oneLineAddress,
  readDateOfBirth,
  readProfileAddress,
} from './seller-identity.ts';
import { materialOfItem, photosOfItem } from './report-lines.ts';
import {
  benchPhotosOf,
  itemPhotosOf,
  itemsOf,
  kycRecordsOf,
  labelsOf,
  offersOf,
  purchasesBetween,
} from './reports.repository.ts';

type ReportContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'keys' | 'log'>;

export interface PurchaseRow {
  transactionId: string;
  /** The item's custody tag (its id before receipt); empty for a purchase without items. */
  itemId: string;
  purchasedAt: string;
  sellerName: string;
  address: string;
  dateOfBirth: string;
  idType: string;
  idNumber: string;
  idIssuer: string;
  itemDescription: string;
  articleCode: string;
  metal: string;
  weight: string;
  purchasePrice: string;
  amountPaid: string;
  photoLinks: string;
}

export const policeReportColumns: readonly { header: string; value: (row: PurchaseRow) => string }[] = [
  { header: 'Transaction ID', value: (r) => r.transactionId },
  { header: 'Item ID', value: (r) => r.itemId },
  { header: 'Purchase date and time', value: (r) => r.purchasedAt },
  { header: 'Seller name', value: (r) => r.sellerName },
  { header: 'Seller address', value: (r) => r.address },
  { header: 'Date of birth', value: (r) => r.dateOfBirth },
  { header: 'ID type', value: (r) => r.idType },
  { header: 'ID number', value: (r) => r.idNumber },
  { header: 'ID issuer', value: (r) => r.idIssuer },
  { header: 'Item description', value: (r) => r.itemDescription },
  { header: 'Article code', value: (r) => r.articleCode },
  { header: 'Metal/karat', value: (r) => r.metal },
  { header: 'Weight', value: (r) => r.weight },
  { header: 'Purchase price (USD)', value: (r) => r.purchasePrice },
  { header: 'Amount paid (USD)', value: (r) => r.amountPaid },
  { header: 'Photo links', value: (r) => r.photoLinks },
];

const materialLabel = (material: string | null) =>
  material && Object.hasOwn(itemTypeLabels, material) ? itemTypeLabels[material as keyof typeof itemTypeLabels] : null;

/** '12.5000' as '12.5': trailing zeros of the stored scale say nothing about the weighing. */
const trimDecimal = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

/** The day's bought items as the report's rows, the ID numbers decrypted. */
export async function policeReportRows(ctx: ReportContext, day: string): Promise<PurchaseRow[]> {
  const { from, to } = businessDayRange(day, ctx.config.compliance.timeZone);
  const purchases = await purchasesBetween(ctx.db, from, to);
  const submissionIds = purchases.map((p) => p.submission.id);
  const [kyc, offerVersions, photos, benchPhotos, labels, items] = await Promise.all([
    kycRecordsOf(
      ctx.db,
      purchases.map((p) => p.user.id),
    ),
    offersOf(ctx.db, submissionIds),
    itemPhotosOf(ctx.db, submissionIds),
    benchPhotosOf(ctx.db, submissionIds),
    labelsOf(ctx.db, submissionIds),
    itemsOf(ctx.db, submissionIds),
  ]);
  const photoLinks = (list: typeof photos) =>
    list.map((photo) => new URL(imageUrl(photo.id), ctx.config.publicUrl).toString()).join(' ');

  return purchases.flatMap(({ transaction, submission, user }) => {
    const record = chooseKycRecord(kyc.filter((r) => r.userId === user.id));
    const versions = offerVersions.filter((v) => v.offer.submissionId === submission.id);
    // The version the seller accepted; an older payout without versions has only the submission's figures.
    const accepted = versions.find((v) => v.offer.status === 'accepted') ?? versions.at(-1);
    const lines = accepted?.lines ?? [];
    const inbound = labels.find((l) => l.submissionId === submission.id && l.direction === 'inbound');
    const address = inbound
      ? readLabelAddressesForReport(ctx.keys.decryptionKeys, inbound).sender
      : readProfileAddress(ctx, user);
    const purchase = {
      transactionId: transaction.id,
      purchasedAt: businessDateTimeOf(transaction.createdAt, ctx.config.compliance.timeZone),
      sellerName: record?.fullName ?? user.name,
      address: address ? oneLineAddress(address) : NOT_RECORDED,
      dateOfBirth: record ? readDateOfBirth(ctx, record) : NOT_RECORDED,
      idType: record ? ((idTypeLabels as Record<string, string>)[record.idType] ?? record.idType) : NOT_RECORDED,
      idNumber: record ? decryptIdNumber(ctx, record) : NOT_RECORDED,
      idIssuer: record?.idIssuer ?? NOT_RECORDED,
      amountPaid: centsToDecimalString(transaction.amount),
    };
    const parcelPhotos = photos.filter((photo) => photo.submissionId === submission.id);
    const bought = items.filter((i) => i.item.submissionId === submission.id && i.item.outcome !== 'returned');

    if (bought.length === 0) {
      const metals = [...new Set(lines.map((line) => materialLabel(line.material)).filter((m): m is string => m !== null))];
      return [
        {
          ...purchase,
          itemId: '',
          // The seller's words, then the appraiser's lines where they say more (a one-line offer often repeats them).
          itemDescription: [...new Set([submission.description, ...lines.map((line) => line.description)])].join('; '),
          articleCode: articleCodeOf(submission.category, materialOfItem(lines, null, submission.material)),
          metal: metals.length ? metals.join('; ') : (materialLabel(submission.material) ?? submission.category),
          weight: submission.actualWeight ? `${trimDecimal(submission.actualWeight)} ${submission.weightUnit}` : NOT_RECORDED,
          purchasePrice: centsToDecimalString(transaction.grossAmount),
          photoLinks: photoLinks(parcelPhotos),
        },
      ];
    }
    return bought.map(({ item, tag }) => {
      const line = lines.find((l) => l.itemId === item.id);
      const material = materialOfItem(lines, item.id, item.material);
      return {
        ...purchase,
        itemId: tag ?? item.id,
        itemDescription: [...new Set([item.description, ...(line ? [line.description] : [])])].join('; '),
        articleCode: articleCodeOf(item.category, material),
        metal: materialLabel(material) ?? item.category,
        weight: line ? `${trimDecimal(line.weight)} ${line.weightUnit}` : NOT_RECORDED,
        // The item's own price on an itemised offer; a parcel of one item bought whole is its gross.
        purchasePrice: line
          ? centsToDecimalString(line.amount)
          : bought.length === 1
            ? centsToDecimalString(transaction.grossAmount)
            : NOT_RECORDED,
        // Its own photos, its bench photos on the scale, then those of the whole parcel (report-lines.ts).
        photoLinks: photoLinks(photosOfItem(parcelPhotos, benchPhotos, item.id)),
      };
    });
  });
}

/** GET /api/admin/compliance/police-report?date=: the file, named after the day, and its audit entry. */
export async function policeReport(ctx: ReportContext, admin: Actor, { date }: { date: string }) {
  assertAppraiser(admin);
  const problem = policeReportDayProblem(date, ctx.clock.now(), ctx.config.compliance.timeZone);
  if (problem) throw badRequest(problem);
  const rows = await policeReportRows(ctx, date);
  await writeAuditEntry(ctx.db, {
    actorId: admin.id,
    entityType: 'compliance',
    entityId: `police-report:${date}`,
    action: 'police_report_exported',
    changes: { reportDate: date, recordCount: rows.length },
  });
  return { fileName: policeReportFileName(date), text: toCsv(policeReportColumns, rows) };
}
