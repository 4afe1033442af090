// A client's submissions: creating one with its photos, reading its details, adding photos after
// "Request More Photos", and asking for a consignment sale. The quote, the deadline and the status
// are the server's (DECISIONS: numbers from the browser are never trusted).
import {
  type AddSubmissionImagesInput,
  sellerPhotosClosedReason,
  type CreateSubmissionBody,
  itemsOfBody,
  type SubmissionItemBody,
  customerLabel,
  guaranteeDeadlineFrom,
  imageIdFromReference,
  findPricingRow,
  imageUrl,
  centsToDecimalString,
  firstParcelValueCents,
  guaranteeFloorCents,
  meltValueCents,
  metalAwareQuote,
  parcelCount,
  parcelInsurance,
  preliminaryQuote,
  type QuoteBasis,
  uploadMessages,
} from '@assay/domain';
import { type Actor, ownedBy } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { notificationContent, notify, notifyAdmins } from '../notifications/index.ts';
import { currentPayoutRates } from '../payout-rates/index.ts';
import {
  attachImage,
  countImagesOfSubmission,
  findSubmissionById,
  imageIdsBySubmission,
  insertSubmission,
  listLatestSubmissions,
  listSubmissionsOfUser,
  lockSubmission,
  setConsignmentRequested,
  type SubmissionDtoSource,
  touchSubmission,
} from './submissions.repository.ts';
import { checkedCents, decimalOrNull } from '../../lib/amounts.ts';
import { checkedReserve, reserveStateOf } from './seller-reserve.ts';
import { insertSubmissionItems, listItemsOfSubmission } from './submission-items.repository.ts';
import { itemViewsOf, itemViewsOfSubmissions, photoLimitOf } from './submission-items.ts';

export { imageUrl };

// Until the mailbox pages through submissions, admins see the newest ones up to this many.
const ADMIN_LIST_LIMIT = 500;

export const submissionMessages = {
  photoNotUsable: 'One of the photos was not found, is not finished uploading or is already used. Please upload it again.',
  photoAddress: 'One of the photo addresses is not an uploaded photo.',
  tooManyPhotos: (existing: number, limit: number) =>
    `A submission can have at most ${limit} photos; this one already has ${existing}.`,
  ownerOnly: 'Only the client who sent this submission can do that.',
  consignmentOnlyOffered: 'A consignment sale can only be requested once you have our offer.',
} as const;

/** What leaves the server: internal notes only ever reach admins. */
export function toSubmissionDto(
  row: SubmissionDtoSource,
  imageIds: string[],
  viewer: Pick<Actor, 'isAdmin'>,
  offerValidUntil: Date | null = null,
) {
  return {
    id: row.id,
    userId: row.userId,
    category: row.category,
    description: row.description,
    estimatedWeight: Number(row.estimatedWeight),
    weightUnit: row.weightUnit,
    images: imageIds.map(imageUrl),
    preliminaryQuoteMin: decimalOrNull(row.preliminaryQuoteMin),
    preliminaryQuoteMax: decimalOrNull(row.preliminaryQuoteMax),
    material: row.material,
    quoteBasis: row.quoteBasis ?? null,
    insuredValue: decimalOrNull(row.insuredValue),
    declaredValue: decimalOrNull(row.declaredValue),
    // The first parcel is insured up to the limit, so the worth over it counts the parcels.
    parcelCount: row.declaredValue && row.insuredValue ? parcelCount(row.declaredValue, row.insuredValue) : 1,
    guarantee:
      row.guaranteeFloor === null || row.guaranteeGoodwill === null
        ? null
        : { floor: centsToDecimalString(row.guaranteeFloor), goodwill: centsToDecimalString(row.guaranteeGoodwill) },
    reserve: reserveStateOf(row),
    finalOffer: decimalOrNull(row.finalOffer),
    actualWeight: row.actualWeight === null ? null : Number(row.actualWeight),
    status: row.status,
    guaranteeDeadline: row.guaranteeDeadline.toISOString(),
    requiresKyc: row.requiresKyc,
    createdAt: row.createdAt.toISOString(),
    returnTrackingNumber: row.returnTrackingNumber,
    returnDeliveredAt: row.returnDeliveredAt?.toISOString() ?? null,
    // The open offer's deadline, shown to the seller with a countdown (issue 11 item 4).
    offerValidUntil: row.status === 'offered' ? (offerValidUntil?.toISOString() ?? null) : null,
    ...(viewer.isAdmin ? { adminNotes: row.adminNotes } : {}),
  };
}

export async function listSubmissions({ db }: AppContext, viewer: Actor) {
  const rows = viewer.isAdmin ? await listLatestSubmissions(db, ADMIN_LIST_LIMIT) : await listSubmissionsOfUser(db, viewer.id);
  const items = await itemViewsOfSubmissions(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...toSubmissionDto(row, row.photoIds, viewer, row.offerValidUntil),
    items: items.get(row.id) ?? [],
  }));
}

/** Image ids from the references a form sends ("<id>" or "/api/objects/<id>"). */
function imageIdsFrom(references: readonly string[]): string[] {
  const ids = references.map(imageIdFromReference);
  if (ids.some((id) => id === null)) throw badRequest(submissionMessages.photoAddress);
  const unique = new Set(ids as string[]);
  // "abc" and "/api/objects/abc" are the same photo.
  if (unique.size !== ids.length) throw badRequest('Each photo can only be added once.');
  return [...unique];
}

async function attachAll(
  tx: DbOrTx,
  ownerId: string,
  submissionId: string,
  imageIds: string[],
  firstPosition: number,
  itemId: string | null = null,
) {
  for (const [i, imageId] of imageIds.entries()) {
    const attached = await attachImage(tx, { imageId, ownerId, submissionId, position: firstPosition + i, itemId });
    // Throwing rolls the whole transaction back: the submission is never left half-attached.
    if (!attached) throw badRequest(submissionMessages.photoNotUsable);
  }
}

/**
 * Attaches photos an owner already uploaded to a submission that has none yet, whatever its
 * status: how the demo seed gives its sample submissions their pictures. People add photos
 * through createSubmission and addPhotos, which hold them to the rules of the form.
 */
export async function attachSeedPhotos(db: Db, input: { ownerId: string; submissionId: string; imageIds: string[] }) {
  await db.transaction(async (tx) => {
    const [first] = await listItemsOfSubmission(tx, input.submissionId);
    await attachAll(tx, input.ownerId, input.submissionId, input.imageIds, 0, first?.id ?? null);
  });
}

/**
 * The preliminary quote (decision 019): with a named material, live price x purity x weight x the
 * payout rates and the basis it used; without one, or when that material has no live price, SPEC
 * 9's table (basis null). The melt value is what the named material is worth at the live price,
 * null when nothing (or nothing priced) was named.
 */
async function quoteFor(
  { db, pricing }: AppContext,
  body: Pick<SubmissionItemBody, 'category' | 'material' | 'estimatedWeight' | 'weightUnit'>,
): Promise<{
  preliminaryQuoteMin: string;
  preliminaryQuoteMax: string;
  basis: QuoteBasis | null;
  meltCents: number | null;
} | null> {
  if (body.material) {
    const price = findPricingRow(pricing.snapshot().rows, body.material);
    if (price) {
      const rates = await currentPayoutRates(db);
      const named = { material: body.material, estimatedWeight: body.estimatedWeight, weightUnit: body.weightUnit, price };
      const quote = metalAwareQuote({ ...named, rate: rates[body.material] });
      if (quote) return { ...quote, meltCents: meltValueCents(named) };
    }
  }
  const table = preliminaryQuote(body.category, body.estimatedWeight, body.weightUnit);
  return table && { ...table, basis: null, meltCents: null };
}

/** Each item's quote and worth, and the parcel's: the sums (decision 042). */
async function quoteItems(ctx: AppContext, items: readonly SubmissionItemBody[]) {
  const quoted: {
    item: SubmissionItemBody;
    quote: NonNullable<Awaited<ReturnType<typeof quoteFor>>>;
    minCents: number;
    maxCents: number;
    declaredCents: number;
    floorCents: number | null;
  }[] = [];
  for (const item of items) {
    const quote = await quoteFor(ctx, item);
    // The schema already refused any weight preliminaryQuote cannot price; this is belt and braces.
    if (!quote) throw badRequest('Please enter a valid estimated weight.');
    const minCents = checkedCents(quote.preliminaryQuoteMin);
    const maxCents = checkedCents(quote.preliminaryQuoteMax);
    const worth = parcelInsurance({
      preliminaryQuoteMax: quote.preliminaryQuoteMax,
      meltValueCents: quote.meltCents,
      limitCents: Number.MAX_SAFE_INTEGER,
    });
    // The floor is promised on an item priced from its named metal (basis set), never on the table's.
    const floorCents =
      quote.basis === null
        ? null
        : guaranteeFloorCents({
            material: item.material,
            preliminaryQuoteMin: quote.preliminaryQuoteMin,
            floorPercent: ctx.config.guarantee.floorPercent,
          });
    quoted.push({ item, quote, minCents, maxCents, declaredCents: worth?.declaredValueCents ?? maxCents, floorCents });
  }
  const floors = quoted.flatMap((q) => (q.floorCents === null ? [] : [q.floorCents]));
  const sum = (pick: (q: (typeof quoted)[number]) => number) => quoted.reduce((total, q) => total + pick(q), 0);
  return {
    quoted,
    minCents: sum((q) => q.minCents),
    maxCents: sum((q) => q.maxCents),
    declaredCents: sum((q) => q.declaredCents),
    // The parcel's floor is its items' floors together (decision 042); null when none carries one.
    floorCents: floors.length === 0 ? null : floors.reduce((total, cents) => total + cents, 0),
  };
}

export async function createSubmission(ctx: AppContext, actor: Actor, body: CreateSubmissionBody) {
  const { db, clock, config } = ctx;
  const items = itemsOfBody(body);
  const imageIdsPerItem = items.map((item) => imageIdsFrom(item.images));
  const allImageIds = imageIdsPerItem.flat();
  if (new Set(allImageIds).size !== allImageIds.length) throw badRequest('Each photo can only be added once.');
  const { quoted, minCents, maxCents, declaredCents, floorCents: floor } = await quoteItems(ctx, items);
  const single = quoted.length === 1 ? quoted[0]! : null;
  const insurance = parcelInsurance({
    preliminaryQuoteMax: centsToDecimalString(maxCents),
    meltValueCents: declaredCents,
    limitCents: config.insuredLimitCents,
  });
  const createdAt = clock.now();
  const id = crypto.randomUUID();
  const row = await db.transaction(async (tx) => {
    const created = await insertSubmission(tx, {
      id,
      userId: actor.id,
      category: body.category,
      description: body.description,
      estimatedWeight: String(body.estimatedWeight),
      weightUnit: body.weightUnit,
      preliminaryQuoteMin: minCents,
      preliminaryQuoteMax: maxCents,
      material: body.material,
      // The basis explains one item's quote; a parcel's is the sum of its items' quotes.
      quoteBasis: single?.quote.basis ?? null,
      insuredValue: insurance && firstParcelValueCents(insurance),
      declaredValue: insurance?.declaredValueCents ?? null,
      guaranteeFloor: floor,
      guaranteeGoodwill: floor === null ? null : config.guarantee.goodwillCents,
      ...checkedReserve(body, centsToDecimalString(maxCents)),
      status: 'new',
      guaranteeDeadline: guaranteeDeadlineFrom(createdAt),
      createdAt,
      updatedAt: createdAt,
    });
    const itemRows = await insertSubmissionItems(
      tx,
      quoted.map(({ item, minCents: min, maxCents: max, declaredCents: declared, floorCents: itemFloor }, index) => ({
        id: crypto.randomUUID(),
        submissionId: id,
        position: index + 1,
        category: item.category,
        description: item.description,
        estimatedWeight: String(item.estimatedWeight),
        weightUnit: item.weightUnit,
        material: item.material,
        stoneChoice: item.stoneChoice,
        preliminaryQuoteMin: min,
        preliminaryQuoteMax: max,
        declaredValue: declared,
        guaranteeFloor: itemFloor,
      })),
    );
    let position = 0;
    for (const [index, imageIds] of imageIdsPerItem.entries()) {
      await attachAll(tx, actor.id, id, imageIds, position, itemRows.find((it) => it.position === index + 1)!.id);
      position += imageIds.length;
    }
    await writeAuditEntry(tx, {
      actorId: actor.id,
      entityType: 'submission',
      entityId: id,
      action: 'created',
      toStatus: 'new',
      changes: {
        images: allImageIds.length,
        ...(items.length > 1 ? { items: items.length } : {}),
        ...(body.material ? { material: body.material } : {}),
        ...(body.reserve === null ? {} : { reserve: centsToDecimalString(checkedCents(body.reserve)) }),
      },
    });
    await notify(tx, {
      userId: actor.id,
      submissionId: id,
      email: true,
      ...notificationContent.submissionCreated({ submissionId: id }),
    });
    return { created, items: await itemViewsOf(tx, id) };
  });
  return { ...toSubmissionDto(row.created, allImageIds, actor), items: row.items };
}

/** The locked submission of its owner; others get 404 (admins, who may see it, a 403). */
async function lockOwnSubmission(tx: DbOrTx, actor: Actor, id: string) {
  return ownedBy(actor, await lockSubmission(tx, id), 'Submission', submissionMessages.ownerOnly);
}

export async function addSubmissionImages(
  { db, clock }: AppContext,
  actor: Actor,
  { id, ...body }: AddSubmissionImagesInput & { id: string },
) {
  const imageIds = imageIdsFrom(body.images);
  const row = await db.transaction(async (tx) => {
    // The row lock makes the count and the attach one step: two requests at once cannot pass 4.
    const submission = await lockOwnSubmission(tx, actor, id);
    const closed = sellerPhotosClosedReason(submission.status);
    if (closed) throw conflict(closed);
    const existing = await countImagesOfSubmission(tx, id);
    const limit = await photoLimitOf(tx, id);
    if (existing + imageIds.length > limit) throw conflict(submissionMessages.tooManyPhotos(existing, limit));
    await attachAll(tx, actor.id, id, imageIds, existing);
    await writeAuditEntry(tx, {
      actorId: actor.id,
      entityType: 'submission',
      entityId: id,
      action: 'photos_added',
      changes: { images: imageIds.length },
    });
    await touchSubmission(tx, id, clock.now());
    return submission;
  });
  const images = await imageIdsBySubmission(db, [id]);
  return toSubmissionDto(row, images.get(id) ?? [], actor);
}

/**
 * The client would rather sell on consignment (SPEC "Consignment view"). Recorded once; asking
 * again answers the first request's time and tells nobody twice.
 */
export async function requestConsignment({ db, clock }: AppContext, actor: Actor, { id }: { id: string }) {
  return db.transaction(async (tx) => {
    const submission = await lockOwnSubmission(tx, actor, id);
    if (submission.consignmentRequestedAt) return { consignmentRequestedAt: submission.consignmentRequestedAt.toISOString() };
    if (submission.status !== 'offered') throw conflict(submissionMessages.consignmentOnlyOffered);
    const updated = await setConsignmentRequested(tx, id, clock.now());
    if (!updated?.consignmentRequestedAt) throw new AppError('CONFLICT', submissionMessages.consignmentOnlyOffered);
    await writeAuditEntry(tx, { actorId: actor.id, entityType: 'submission', entityId: id, action: 'consignment_requested' });
    await notifyAdmins(tx, {
      ...notificationContent.consignmentRequested({ submissionId: id, customerLabel: customerLabel(actor.id) }),
      submissionId: id,
      email: true,
    });
    return { consignmentRequestedAt: updated.consignmentRequestedAt.toISOString() };
  });
}

/** For the uploads module: may this client add a photo to this submission now? */
/** Whether the viewer owns the submission (its seller); false when it does not exist. */
export async function isSubmissionOwnedBy(db: DbOrTx, viewer: Pick<Actor, 'id'>, submissionId: string) {
  const row = await findSubmissionById(db, submissionId);
  return row !== null && row !== undefined && row.userId === viewer.id;
}

export async function assertCanAddPhoto(db: DbOrTx, actor: Actor, submissionId: string) {
  const row = ownedBy(actor, await findSubmissionById(db, submissionId), 'Submission');
  const closed = sellerPhotosClosedReason(row.status);
  if (closed) throw conflict(closed);
  if ((await countImagesOfSubmission(db, submissionId)) >= (await photoLimitOf(db, submissionId))) {
    throw conflict(uploadMessages.submissionFull);
  }
}
