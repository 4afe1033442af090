// One seller's records as a file (issue 13 item 5, DECISIONS "Compliance"), for a police request or
// the seller's own: the account, addresses, identity checks with their ID numbers decrypted (only
// here), submissions with every offer version, payouts (bank numbers never whole: the last 4 only,
// as stored for display) and the audit entries about any of these. The export is itself audited.
import { businessDateOf, sellerRecordsFileName, centsToDecimalString } from '@assay/domain';
import { type Actor, assertAppraiser } from '../../../access/actor.ts';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../lib/app-error.ts';
import { type AuditRef, listAuditEntries, writeAuditEntry } from '../../audit/index.ts';
import { personalDataContext, readTextForReport } from '../../../lib/personal-data.ts';
import { readLabelAddressesForReport } from '../../shipping-labels/index.ts';
import { decryptIdNumber, NOT_RECORDED, readDateOfBirth, readProfileAddress } from './seller-identity.ts';
import { findUser, itemPhotosOf, kycRecordsOf, labelsOf, offersOf, payoutsOf, submissionsOf } from './reports.repository.ts';
import { sellerStatementsOf } from '../seller-statements.repository.ts';
import { decimalOrNull } from '../../../lib/amounts.ts';

type RecordsContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'keys' | 'log'>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function sellerRecords(ctx: RecordsContext, admin: Actor, { userId }: { userId: string }) {
  assertAppraiser(admin);
  const user = await findUser(ctx.db, userId);
  if (!user) throw notFound('That seller');
  const [kyc, submissions, payouts, statements] = await Promise.all([
    kycRecordsOf(ctx.db, [userId]),
    submissionsOf(ctx.db, userId),
    payoutsOf(ctx.db, userId),
    sellerStatementsOf(ctx.db, userId),
  ]);
  const submissionIds = submissions.map((s) => s.id);
  const [offerVersions, photos, labels] = await Promise.all([
    offersOf(ctx.db, submissionIds),
    itemPhotosOf(ctx.db, submissionIds),
    labelsOf(ctx.db, submissionIds),
  ]);
  const refs: AuditRef[] = [
    { entityType: 'user', entityId: userId },
    ...submissions.map((s) => ({ entityType: 'submission' as const, entityId: s.id })),
    ...payouts.map((p) => ({ entityType: 'transaction' as const, entityId: p.id })),
    ...kyc.map((k) => ({ entityType: 'kyc' as const, entityId: k.id })),
  ];
  const audit = await listAuditEntries(ctx.db, refs);
  const exportedAt = ctx.clock.now();

  const records = {
    exportedAt: exportedAt.toISOString(),
    exportedBy: admin.id,
    account: {
      id: user.id,
      name: user.name,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: iso(user.createdAt),
    },
    addresses: {
      profile: readProfileAddress(ctx, user),
      // Where each parcel came from and went back to, as printed on its label.
      labels: labels.map((l) => ({
        submissionId: l.submissionId,
        direction: l.direction,
        carrier: l.carrier,
        trackingNumber: l.trackingNumber,
        ...readLabelAddressesForReport(ctx.keys.decryptionKeys, l),
        createdAt: iso(l.createdAt),
      })),
    },
    kycRecords: kyc.map((k) => ({
      id: k.id,
      status: k.status,
      fullName: k.fullName,
      dateOfBirth: readDateOfBirth(ctx, k),
      idType: k.idType,
      idNumber: decryptIdNumber(ctx, k),
      idIssuer: k.idIssuer ?? NOT_RECORDED,
      idImageUrl: k.idImageKey ? new URL(`/api/objects/${k.idImageKey}`, ctx.config.publicUrl).toString() : null,
      reviewedBy: k.reviewedBy,
      reviewedAt: iso(k.reviewedAt),
      rejectionReason: k.rejectionReason,
      createdAt: iso(k.createdAt),
    })),
    submissions: submissions.map((s) => ({
      id: s.id,
      status: s.status,
      category: s.category,
      material: s.material,
      description: s.description,
      estimatedWeight: s.estimatedWeight,
      actualWeight: s.actualWeight,
      weightUnit: s.weightUnit,
      finalOffer: decimalOrNull(s.finalOffer),
      receivedAt: iso(s.receivedAt),
      offeredAt: iso(s.offeredAt),
      createdAt: iso(s.createdAt),
      photoUrls: photos
        .filter((p) => p.submissionId === s.id)
        .map((p) => new URL(`/api/objects/${p.id}`, ctx.config.publicUrl).toString()),
      offers: offerVersions
        .filter((v) => v.offer.submissionId === s.id)
        .map(({ offer, lines }) => ({
          version: offer.version,
          status: offer.status,
          total: centsToDecimalString(offer.total),
          validUntil: iso(offer.validUntil),
          createdAt: iso(offer.createdAt),
          counterAmount: decimalOrNull(offer.counterAmount),
          counterStatus: offer.counterStatus,
          lines: lines.map((line) => ({
            description: line.description,
            material: line.material,
            purityPercent: line.purityPercent,
            weight: line.weight,
            weightUnit: line.weightUnit,
            amount: centsToDecimalString(line.amount),
          })),
        })),
    })),
    // payoutDetails holds only what may be shown (holder, last 4 digits, PayPal e-mail); the
    // encrypted bank numbers are never read here.
    payouts: payouts.map((p) => ({
      id: p.id,
      submissionId: p.submissionId,
      grossAmount: centsToDecimalString(p.grossAmount),
      feeAmount: centsToDecimalString(p.feeAmount),
      amount: centsToDecimalString(p.amount),
      payoutMethod: p.payoutMethod,
      payoutDetails: p.payoutDetails,
      status: p.status,
      rail: p.rail,
      reference: p.reference,
      attempt: p.attempt,
      sentAt: iso(p.sentAt),
      createdAt: iso(p.createdAt),
    })),
    // The statements of ownership as signed: the exact text, its version, the typed name, when and from where.
    statements: statements.map((st) => ({
      submissionId: st.submissionId,
      statementVersion: st.statementVersion,
      statementText: st.statementText,
      typedName: st.typedName,
      signedAt: iso(st.signedAt),
      ip: readTextForReport(ctx.keys.decryptionKeys, st.encryptedIp, personalDataContext.statementIp(st.id)),
      userAgent: st.userAgent,
    })),
    auditEntries: audit.map((a) => ({
      at: iso(a.createdAt),
      action: a.action,
      fromStatus: a.fromStatus,
      toStatus: a.toStatus,
      changes: a.changes,
      actorId: a.actorId,
      actorName: a.actorName,
    })),
  };

  await writeAuditEntry(ctx.db, {
    actorId: admin.id,
    entityType: 'user',
    entityId: userId,
    action: 'seller_records_exported',
    changes: { recordCount: submissions.length },
  });
  return {
    fileName: sellerRecordsFileName(userId, businessDateOf(exportedAt, ctx.config.compliance.timeZone)),
    text: `${JSON.stringify(records, null, 2)}\n`,
  };
}
