// Identity verification before large payouts (DECISIONS "requiresKyc"). The client sends ID
// details and a photo of the ID; an appraiser approves or rejects; a payout of a flagged
// submission waits for an approval. The ID number is stored encrypted, with its last 4 in clear
// for the appraiser to compare against the photo.
import {
  customerLabel,
  imageUrl,
  type KycReviewInput,
  kycReviewSchema,
  type KycStatus,
  type KycSubmissionBody,
} from '@assay/domain';
import { type Actor, assertAppraiser } from '../../../access/actor.ts';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../../lib/app-error.ts';
import { type DecryptionKeys, encryptField } from '../../../lib/crypto.ts';
import { personalDataContext, readTextForReport, sealText, UNREADABLE } from '../../../lib/personal-data.ts';
import { writeAuditEntry } from '../../audit/index.ts';
import { screenAtIdReview } from '../sanctions/screening.service.ts';
import { notificationContent, notify, notifyAdmins } from '../../notifications/index.ts';
import {
  decidePendingKycRecord,
  findImage,
  findKycRecord,
  hasApprovedKycRecord,
  insertKycRecord,
  type KycRecordRow,
  latestKycRecordOfUser,
  listKycRecords,
  lockUser,
  type NewKycRecordRow,
} from './kyc.repository.ts';

export const kycMessages = {
  alreadyPending: 'Your identity verification is already being reviewed.',
  alreadyApproved: 'Your identity is already verified.',
  imageNotFound: 'That ID photo was not found. Please upload a photo of your ID.',
  imageNotStored: 'That ID photo has not finished uploading. Please wait for the upload to finish, or upload it again.',
  imageWrongPurpose: 'That photo was not uploaded as an ID photo. Please upload a photo of your ID in the verification form.',
  alreadyReviewed: 'This identity verification has already been reviewed.',
} as const;

/** The AAD of an encrypted ID number: it only decrypts in its own record. */
export const idNumberContext = (recordId: string) => `kyc_records.encrypted_id_number:${recordId}`;

/** For other modules' rules: the person's latest identity check, if any. */
export function latestKycRecord(db: DbOrTx, userId: string) {
  return latestKycRecordOfUser(db, userId);
}

/** For seeding (the demo's pending check): a record built as submitKyc builds one, stored as is. */
export function recordKycCheck(tx: DbOrTx, record: NewKycRecordRow) {
  return insertKycRecord(tx, record);
}

export async function isIdentityVerified(db: DbOrTx, userId: string): Promise<boolean> {
  return hasApprovedKycRecord(db, userId);
}

export async function getKycStatus({ db }: AppContext, viewer: Actor) {
  const latest = await latestKycRecordOfUser(db, viewer.id);
  // Once approved, a later record can not exist (submitKyc refuses), so the latest tells it all.
  const status: KycStatus = latest ? (latest.status as KycStatus) : 'none';
  return {
    status,
    submittedAt: latest?.createdAt.toISOString() ?? null,
    rejectionReason: latest?.status === 'rejected' ? latest.rejectionReason : null,
  };
}

export async function submitKyc({ db, keys }: AppContext, viewer: Actor, body: KycSubmissionBody) {
  return db.transaction(async (tx) => {
    // One pending record at a time, even when the form is sent twice at once.
    await lockUser(tx, viewer.id);
    const latest = await latestKycRecordOfUser(tx, viewer.id);
    if (latest?.status === 'pending') throw conflict(kycMessages.alreadyPending);
    if (await hasApprovedKycRecord(tx, viewer.id)) throw conflict(kycMessages.alreadyApproved);

    const image = await findImage(tx, body.idImageId);
    if (!image || image.ownerId !== viewer.id) throw new AppError('NOT_FOUND', kycMessages.imageNotFound);
    if (image.purpose !== 'kyc') throw badRequest(kycMessages.imageWrongPurpose);
    if (image.status !== 'stored') throw badRequest(kycMessages.imageNotStored);

    const id = crypto.randomUUID();
    await insertKycRecord(tx, {
      id,
      userId: viewer.id,
      status: 'pending',
      fullName: body.fullName,
      encryptedDateOfBirth: sealText(keys.encryptionKey, body.dateOfBirth, personalDataContext.dateOfBirth(id)),
      idType: body.idType,
      idNumberLast4: body.idNumber.slice(-4),
      idIssuer: body.idIssuer,
      encryptedIdNumber: encryptField(keys.encryptionKey, body.idNumber, idNumberContext(id)),
      // The uploaded image's id: appraisers open it at /api/objects/<id>.
      idImageKey: image.id,
    });
    await writeAuditEntry(tx, {
      actorId: viewer.id,
      entityType: 'kyc',
      entityId: id,
      action: 'kyc_submitted',
      fromStatus: latest?.status ?? null,
      toStatus: 'pending',
    });
    await notifyAdmins(tx, { ...notificationContent.kycSubmitted({ customerLabel: customerLabel(viewer.id) }), email: true });
    return { status: 'pending' as const };
  });
}

/** The date of birth for an appraiser's screen: a lost key reads UNREADABLE rather than failing the queue. */
function dateOfBirthOf(keys: DecryptionKeys, row: KycRecordRow): string {
  return readTextForReport(keys, row.encryptedDateOfBirth, personalDataContext.dateOfBirth(row.id)) ?? UNREADABLE;
}

export function toKycRecordDto(keys: DecryptionKeys, row: KycRecordRow) {
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    fullName: row.fullName,
    dateOfBirth: dateOfBirthOf(keys, row),
    idType: row.idType,
    idNumberLast4: row.idNumberLast4,
    idIssuer: row.idIssuer,
    idImageUrl: row.idImageKey ? `/api/objects/${row.idImageKey}` : null,
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An appraiser approves or rejects a pending verification; the client hears either way. */
export async function reviewKyc(
  { db, clock, keys, config }: AppContext,
  admin: Actor,
  { recordId, ...review }: KycReviewInput & { recordId: string },
) {
  assertAppraiser(admin);
  const parsed = kycReviewSchema.safeParse(review);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'The review is not valid.');
  const { approve, reason } = parsed.data;
  return db.transaction(async (tx) => {
    const decided = await decidePendingKycRecord(tx, recordId, {
      status: approve ? 'approved' : 'rejected',
      reviewedBy: admin.id,
      reviewedAt: clock.now(),
      rejectionReason: approve ? null : (reason ?? null),
    });
    if (!decided) {
      if (!(await findKycRecord(tx, recordId))) throw notFound('That identity verification');
      throw conflict(kycMessages.alreadyReviewed);
    }
    await writeAuditEntry(tx, {
      actorId: admin.id,
      entityType: 'kyc',
      entityId: recordId,
      action: approve ? 'kyc_approved' : 'kyc_rejected',
      fromStatus: 'pending',
      toStatus: decided.status,
      changes: approve ? null : { reason: decided.rejectionReason ?? undefined },
    });
    // DECISIONS "Compliance": the name on an approved ID is screened; a possible match holds the
    // seller's payouts and the reviewer is told in this answer.
    const sanctionsScreening = approve
      ? await screenAtIdReview(tx, {
          userId: decided.userId,
          name: decided.fullName,
          threshold: config.compliance.sanctionsMatchThreshold,
        })
      : null;
    await notify(tx, { userId: decided.userId, ...notificationContent.kycReviewed({ approved: approve, reason }), email: true });
    return { ...toKycRecordDto(keys.decryptionKeys, decided), sanctionsScreening };
  });
}

// ---------------------------------------------------------------------------------------------
// The appraisers' queue of identity checks.

const KYC_LIST_LIMIT = 200;

function toAdminKycRecord(keys: DecryptionKeys, entry: Awaited<ReturnType<typeof listKycRecords>>[number]) {
  const r = entry.record;
  return {
    id: r.id,
    userId: r.userId,
    customerLabel: customerLabel(r.userId),
    status: r.status,
    fullName: r.fullName,
    dateOfBirth: dateOfBirthOf(keys, r),
    idType: r.idType,
    idNumberLast4: r.idNumberLast4,
    idIssuer: r.idIssuer,
    // submitKyc keeps the uploaded image's id here.
    idImageUrl: r.idImageKey ? imageUrl(r.idImageKey) : null,
    reviewedBy: r.reviewedBy,
    reviewedByName: entry.reviewerName,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    rejectionReason: r.rejectionReason,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Newest first, at most 200; the pending ones are the appraisers' queue. */
export async function listKyc({ db, keys }: AppContext, admin: Actor, { status }: { status?: string }) {
  assertAppraiser(admin);
  const rows = await listKycRecords(db, { status }, KYC_LIST_LIMIT);
  return rows.map((row) => toAdminKycRecord(keys.decryptionKeys, row));
}

export async function getKycRecord({ db, keys }: AppContext, admin: Actor, { id }: { id: string }) {
  assertAppraiser(admin);
  const [row] = await listKycRecords(db, { id }, 1);
  if (!row) throw new AppError('NOT_FOUND', 'That identity verification was not found.');
  return toAdminKycRecord(keys.decryptionKeys, row);
}
