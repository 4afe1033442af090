// Shipping labels (SPEC 7 "1-Click Print Label", DECISIONS "Shipping labels"): the inbound labels
// of a submission, made from the client's address to Assay's receiving address by the configured
// carrier, one per parcel: worth above INSURED_LIMIT ships as several parcels, each insured up to
// it (decision 036, amended), declared to the carrier; and each label's 4x6 PDF with its packing
// slip, for the owner and appraisers only.
import { buffer } from 'node:stream/consumers';
import {
  ADDRESS_REQUIRED_MESSAGE,
  centsToDecimalString,
  type CreateLabelBody,
  isPendingStatus,
  itemTypeLabels,
  labelInsuredValueCents,
  type LabelDirection,
  splitIntoParcels,
  NO_LABEL_MESSAGE,
  type ShippingAddress,
  type ShippingLabel,
  statusBadgeLabel,
} from '@assay/domain';
import type { CarrierAdapter } from '../../adapters/carriers/carrier.ts';
import type { ObjectStorage } from '../../adapters/storage/object-storage.ts';
import type { DbOrTx } from '../../db/client.ts';
import { markOutsideEffect } from '../../db/transaction-retry.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { findSubmissionRow, lockSubmissionRow, type SubmissionRow } from '../submissions/index.ts';
import { shippingAddressOf } from '../users/index.ts';
import { openLabelAddresses, sealLabelAddresses } from './label-addresses.ts';
import { renderLabelPdf } from './shipping-labels.pdf.ts';
import {
  countLabels,
  findLabel,
  findLabelById,
  findLatestLabelOfUser,
  insertLabelIfAbsent,
  type LabelRow,
  setLabelImageKey,
} from './shipping-labels.repository.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { decimalOrNull } from '../../lib/amounts.ts';

export function toLabelDto(row: LabelRow): ShippingLabel {
  return {
    id: row.id,
    submissionId: row.submissionId,
    direction: row.direction === 'return' ? 'return' : 'inbound',
    trackingNumber: row.trackingNumber,
    carrier: row.carrier,
    validForPostage: row.validForPostage === 'yes',
    insuredValue: centsToDecimalString(row.insuredValue),
    freeReturn: row.freeReturn === null ? null : row.freeReturn === 'yes',
    createdAt: row.createdAt.toISOString(),
  };
}

export const addressRequired = () => new AppError('ADDRESS_REQUIRED', ADDRESS_REQUIRED_MESSAGE);

/** Unique violations of the tracking number (not of one-label-per-submission) are retried. */
function isTrackingNumberClash(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (pgError.code === '23505') {
      return typeof pgError.constraint === 'string'
        ? pgError.constraint.includes('tracking_number')
        : String(pgError.message).includes('tracking_number');
    }
  }
  return false;
}

const TRACKING_ATTEMPTS = 3;

export interface NewLabel {
  direction: LabelDirection;
  submission: SubmissionRow;
  sender: ShippingAddress;
  receiver: ShippingAddress;
  insuredValueCents: number;
  freeReturn: boolean | null;
  /** Which of the submission's parcels in this direction (1 when it ships as one). */
  parcelNumber?: number;
}

/**
 * Asks the carrier for a label and stores it, inside the caller's transaction (which holds the
 * submission's row). Answers the stored label, or null if one already existed for this
 * submission, direction and parcel. The caller writes the audit entry.
 */
export async function createLabelInTransaction(
  tx: DbOrTx,
  carrier: CarrierAdapter,
  encryptionKey: string,
  input: NewLabel,
  storage?: ObjectStorage,
): Promise<LabelRow | null> {
  // Postage bought is not undone by a rollback: this transaction is not run again (decision 024).
  markOutsideEffect(tx);
  for (let attempt = 1; ; attempt += 1) {
    const made = await carrier.createLabel({
      direction: input.direction,
      sender: input.sender,
      receiver: input.receiver,
      insuredValueCents: input.insuredValueCents,
      reference: input.submission.id,
    });
    try {
      // A savepoint, so a tracking-number clash can be retried without losing the transaction.
      const id = crypto.randomUUID();
      const labelImageKey =
        made.labelUrl && storage ? await keepCarrierLabelImage(carrier, storage, labelImageKeyOf(id), made.labelUrl) : null;
      const row = await tx.transaction((sp) =>
        insertLabelIfAbsent(sp, {
          id,
          submissionId: input.submission.id,
          userId: input.submission.userId,
          direction: input.direction,
          parcelNumber: input.parcelNumber ?? 1,
          trackingNumber: made.trackingNumber,
          carrier: made.carrier,
          validForPostage: made.validForPostage ? 'yes' : 'no',
          insuredValue: input.insuredValueCents,
          ...sealLabelAddresses(encryptionKey, id, input.sender, input.receiver),
          freeReturn: input.freeReturn === null ? null : input.freeReturn ? 'yes' : 'no',
          shipmentId: made.shipmentId ?? null,
          labelUrl: made.labelUrl ?? null,
          labelImageKey,
        }),
      );
      return row;
    } catch (err) {
      if (attempt >= TRACKING_ATTEMPTS || !isTrackingNumberClash(err)) throw err;
    }
  }
}

const labelImageKeyOf = (labelId: string) => `labels/${labelId}.png`;

/**
 * Fetches the carrier's label image and keeps it in object storage under `key`, answering the key;
 * null when it could not be had now. The postage is bought by then, so a failure here must not lose
 * the label: the PDF fetches the image again when it is first asked for. Melt lots keep theirs so too.
 */
export async function keepCarrierLabelImage(carrier: CarrierAdapter, storage: ObjectStorage, key: string, labelUrl: string) {
  if (!carrier.fetchLabelImage) return null;
  try {
    const image = await carrier.fetchLabelImage(labelUrl);
    await storage.put(key, image, 'image/png');
    return key;
  } catch {
    return null;
  }
}

/**
 * The carrier's label image for a PDF: from storage, else fetched and kept now under `key` (then
 * `remember` stores the key on its row); null for a label we draw. A 503 sentence when the carrier
 * cannot hand it over just now.
 */
export async function carrierLabelImage(
  ctx: Pick<AppContext, 'carrier' | 'storage'>,
  label: { labelUrl: string | null; labelImageKey: string | null; key: string },
  remember: (key: string) => Promise<unknown>,
): Promise<Buffer | null> {
  if (!label.labelUrl) return null;
  if (label.labelImageKey) {
    const stored = await ctx.storage.get(label.labelImageKey);
    if (stored) return buffer(stored.body);
  }
  const key = ctx.carrier.fetchLabelImage
    ? await keepCarrierLabelImage(ctx.carrier, ctx.storage, label.key, label.labelUrl)
    : null;
  if (!key) {
    throw new AppError('SERVICE_UNAVAILABLE', "The carrier's label could not be fetched just now. Please try again in a minute.");
  }
  await remember(key);
  const stored = await ctx.storage.get(key);
  if (!stored)
    throw new AppError('SERVICE_UNAVAILABLE', "The carrier's label could not be read just now. Please try again in a minute.");
  return buffer(stored.body);
}

function notLabelable(status: string) {
  return conflict(
    `Shipping labels are for submissions waiting to be sent to us (New or Appraising); this one is "${statusBadgeLabel(status)}".`,
  );
}

/**
 * What an inbound parcel is insured for: the insured value stored with the submission at creation
 * (its quote's maximum, capped by INSURED_LIMIT); for a submission from before that was stored,
 * the larger of quote maximum and offer, capped the same way.
 */
export function inboundInsuredValueCents(submission: SubmissionRow, insuredLimitCents: number): number | null {
  const stored = submission.insuredValue;
  if (stored !== null && stored > 0) return stored;
  return labelInsuredValueCents(
    decimalOrNull(submission.preliminaryQuoteMax),
    decimalOrNull(submission.finalOffer),
    insuredLimitCents,
  );
}

/**
 * What each inbound parcel is insured for, first parcel first: the declared worth stored at
 * creation split under the configured limit (parcelInsurance's rule); a submission from before the
 * worth was stored ships as one parcel insured as before. Empty when nothing can be insured.
 */
export function inboundParcelValuesCents(submission: SubmissionRow, insuredLimitCents: number): number[] {
  const declared = submission.declaredValue;
  if (declared !== null && declared > 0) return splitIntoParcels(declared, insuredLimitCents);
  const single = inboundInsuredValueCents(submission, insuredLimitCents);
  return single === null ? [] : [single];
}

/**
 * 201 with the new labels' first, or 200 with the first the submission already has. Every parcel's
 * label is made in this one transaction (the submission's row held), so a submission has all its
 * parcels' labels or none, and asking again makes none: the seller prints the others from the
 * submission's page (its `parcels`).
 */
export async function createInboundLabel(
  ctx: AppContext,
  actor: Actor,
  input: CreateLabelBody,
): Promise<{ label: ShippingLabel; created: boolean }> {
  return ctx.db.transaction(async (tx) => {
    // Locked, so two label requests for it take turns (and a real carrier is asked for postage once).
    const submission = await lockSubmissionRow(tx, input.submissionId);
    if (!submission) throw notFound('Submission');
    if (submission.userId !== actor.id) {
      // Clients must not learn that someone else's submission exists; appraisers may see it anyway.
      throw actor.isAdmin
        ? forbidden('Only the client who sends the item can create its shipping label.')
        : notFound('Submission');
    }
    const existing = await findLabel(tx, submission.id, 'inbound');
    if (existing) return { label: toLabelDto(existing), created: false };
    if (!isPendingStatus(submission.status)) throw notLabelable(submission.status);

    const sender = await shippingAddressOf(tx, ctx.keys.decryptionKeys, actor.id);
    if (!sender) throw addressRequired();
    const values = inboundParcelValuesCents(submission, ctx.config.insuredLimitCents);
    if (values.length === 0) {
      throw conflict(
        'We cannot insure this parcel yet because the submission has no estimate. Please contact support and we will send you a label.',
      );
    }
    let first: LabelRow | null = null;
    for (const [index, insuredValueCents] of values.entries()) {
      const row = await createLabelInTransaction(
        tx,
        ctx.carrier,
        ctx.keys.encryptionKey,
        {
          direction: 'inbound',
          submission,
          sender,
          receiver: ctx.config.receivingLabelAddress,
          insuredValueCents,
          freeReturn: null,
          parcelNumber: index + 1,
        },
        ctx.storage,
      );
      if (!row) {
        // Unreachable while the row lock is held; kept so a changed lock still answers the one label.
        const label = await findLabel(tx, submission.id, 'inbound');
        if (!label) throw conflict('The label could not be created. Please try again.');
        return { label: toLabelDto(label), created: false };
      }
      first ??= row;
      await writeAuditEntry(tx, {
        actorId: actor.id,
        entityType: 'submission',
        entityId: submission.id,
        action: 'label_created',
        changes: {
          labelId: row.id,
          direction: row.direction,
          trackingNumber: row.trackingNumber,
          carrier: row.carrier,
          insuredValue: centsToDecimalString(row.insuredValue),
          ...(values.length > 1 ? { parcelNumber: row.parcelNumber, parcelCount: values.length } : {}),
        },
      });
    }
    if (!first) throw conflict('The label could not be created. Please try again.');
    return { label: toLabelDto(first), created: true };
  });
}

/**
 * The client's most recent inbound label (the one they print). Return labels are Assay's to
 * print, so the 1-click button never hands the client a label addressed to themselves.
 */
export async function getLatestLabel(ctx: AppContext, actor: Actor): Promise<ShippingLabel> {
  const row = await findLatestLabelOfUser(ctx.db, actor.id, 'inbound');
  if (!row) throw new AppError('NOT_FOUND', NO_LABEL_MESSAGE);
  return toLabelDto(row);
}

/** The lines under the description on the packing slip: weight, and what the seller said it is made of. */
function packingSlipDetails(submission: SubmissionRow): string[] {
  const weight = `Estimated weight: ${Number(submission.estimatedWeight)} ${submission.weightUnit}`;
  const material = submission.material ? (itemTypeLabels[submission.material] ?? null) : null;
  return material ? [weight, `Made of: ${material}`] : [weight];
}

export function labelFilename(trackingNumber: string) {
  return `shipping-label-${trackingNumber}.pdf`;
}

/** The PDF of a label: its owner and appraisers only; anyone else is told it does not exist. */
export async function getLabelPdf(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  const row = await findLabelById(ctx.db, id);
  if (!row || (row.userId !== actor.id && !actor.isAdmin)) throw notFound('Label');
  const insuredValueCents = row.insuredValue;
  const submission = await findSubmissionRow(ctx.db, row.submissionId);
  const inbound = row.direction !== 'return';
  const parcelCount = inbound ? await countLabels(ctx.db, row.submissionId, 'inbound') : 1;
  const carrierImage = await carrierLabelImage(ctx, { ...row, key: labelImageKeyOf(row.id) }, (key) =>
    setLabelImageKey(ctx.db, row.id, key),
  );
  const { sender, receiver } = openLabelAddresses(ctx.keys.decryptionKeys, row);
  const pdf = await renderLabelPdf({
    carrierImage,
    direction: row.direction === 'return' ? 'return' : 'inbound',
    trackingNumber: row.trackingNumber,
    carrier: row.carrier,
    validForPostage: row.validForPostage === 'yes',
    insuredValueCents,
    submissionId: row.submissionId,
    sender,
    receiver,
    freeReturn: row.freeReturn === null ? null : row.freeReturn === 'yes',
    createdAt: row.createdAt,
    parcel: parcelCount > 1 ? { number: row.parcelNumber, count: parcelCount } : null,
    slip: {
      // The seller: who sends the parcel in, or who gets it back.
      sellerName: (inbound ? sender : receiver).name,
      description: submission?.description ?? '',
      details: submission ? packingSlipDetails(submission) : [],
    },
  });
  return { filename: labelFilename(row.trackingNumber), pdf };
}
