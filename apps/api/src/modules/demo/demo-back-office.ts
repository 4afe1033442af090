// The demo's back office (issue 28 follow-up): a newcomer opening Custody, Melt lots, Refiners and
// Margin finds history to take through them, not empty pages. A sample seller's purchases of the
// last two months are received (their hold fixed the way receipt fixes it, from a day in the past),
// tested on the bench with a photo, binned, and two of them melted: one lot shipped, settled from a
// refiner's statement and closed, another still open. Everything past the purchases themselves goes
// through the appraiser's own commands with the clock set to the day it happened, so every audit
// entry, custody move, label and ledger line is what the app writes; only the custody moves and
// labels carry the database's own time, as they always do.
import sharp from 'sharp';
import {
  type BenchReading,
  DEFAULT_OFFER_VALID_DAYS,
  type ItemType,
  type MeltSortCategory,
  type ShippingAddress,
  type WeightUnit,
} from '@assay/domain';
import type { Actor } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { buildSubmission, buildTransaction } from '../../db/factories.ts';
import { simulatedStartingPrices } from '../../adapters/price-feeds/simulated.ts';
import { writeAuditEntries } from '../audit/index.ts';
import { recordItemTest } from '../bench/index.ts';
import { complianceAtReceipt } from '../compliance/index.ts';
import { createBin, findCustodyItem, moveItem, placeReceivedItems } from '../custody/index.ts';
import { postOfferAccepted } from '../ledger/index.ts';
import { addItemToLot, advanceMeltLot, createMeltLot, shipMeltLot } from '../melt-lots/index.ts';
import { lineRefsOfSubmission, recordPastOffer } from '../offers/index.ts';
import { findTransaction, movePayout } from '../payouts/index.ts';
import { enterSettlement } from '../refiner-settlement/index.ts';
import { addRefiner } from '../refiners/index.ts';
import { createUploadUrl, receiveUpload } from '../uploads/index.ts';
import { saveShippingAddress } from '../users/index.ts';
import { demoBasisLines } from './demo-offers.ts';
import { demoHistory } from './demo-history.ts';
import { demoItemKind, demoPhotoSvg } from './demo-photo-art.ts';
import { insertParcels, insertPayouts, insertUserWithoutSignIn } from './demo.repository.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const GRAMS_PER_TROY_OZ = 31.1034768;

/** The seller of the sample purchases: no password, an address (a report line names it). */
export const SAMPLE_ESTATE_SELLER = {
  name: 'Morgan Estate',
  email: 'sample-estate@assay.example',
  firstName: 'Morgan',
  lastName: 'Estate',
};
const sellerAddress: ShippingAddress = {
  name: 'Morgan Estate',
  line1: '88 Linden Avenue',
  line2: null,
  city: 'Columbus',
  state: 'OH',
  postalCode: '43215',
  phone: '(614) 555-0172',
};

/** The bins; codes of their own, so an appraiser trying the app can still make "S-14". */
export const demoBins = [
  { code: 'SH-14', label: '14k scrap, shelf 2' },
  { code: 'SH-18', label: '18k scrap, shelf 2' },
  { code: 'COIN', label: 'Coins and bullion, safe drawer' },
] as const;
type BinCode = (typeof demoBins)[number]['code'];

export const DEMO_REFINER = 'Gem City Refining Co.';
const refinerAddress: ShippingAddress = {
  name: 'Gem City Refining, Receiving',
  line1: '1450 Foundry Street',
  line2: 'Dock 3',
  city: 'Dayton',
  state: 'OH',
  postalCode: '45402',
  phone: '(937) 555-0148',
};

/** What becomes of a purchase: a bin only, or a bin and then the shipped lot, or the open lot. */
type Fate = 'bin' | 'shipped-lot' | 'open-lot';

interface Purchase {
  description: string;
  category: 'jewelry' | 'scrap';
  material: ItemType;
  grams: string;
  purityPercent: string;
  percentPaid: string;
  daysAgo: number;
  test: 'xrf' | 'acid';
  bin: BinCode;
  fate: Fate;
}

// Received 52 to 24 days ago (every state's hold is over within 15 days), and one two days ago
// whose hold still runs. The acid kit was calibrated 60 days ago, the analyser 40: each test falls
// after its instrument's calibration.
const purchases: readonly Purchase[] = [
  {
    description: 'Broken 14k gold chains, three pieces',
    category: 'scrap',
    material: 'gold-14k',
    grams: '12.4',
    purityPercent: '58.5',
    percentPaid: '85',
    daysAgo: 52,
    test: 'acid',
    bin: 'SH-14',
    fate: 'shipped-lot',
  },
  {
    description: '14k gold class ring, stone missing',
    category: 'jewelry',
    material: 'gold-14k',
    grams: '8.1',
    purityPercent: '58.5',
    percentPaid: '85',
    daysAgo: 46,
    test: 'acid',
    bin: 'SH-14',
    fate: 'shipped-lot',
  },
  {
    description: 'Two 1/10 oz American Gold Eagle coins',
    category: 'scrap',
    material: 'gold-22k',
    grams: '6.78',
    purityPercent: '91.67',
    percentPaid: '92',
    daysAgo: 38,
    test: 'xrf',
    bin: 'COIN',
    fate: 'bin',
  },
  {
    description: '14k gold hoop earrings, one pair',
    category: 'jewelry',
    material: 'gold-14k',
    grams: '5.6',
    purityPercent: '58.5',
    percentPaid: '88',
    daysAgo: 34,
    test: 'xrf',
    bin: 'SH-14',
    fate: 'open-lot',
  },
  {
    description: 'Broken 14k gold rope chain',
    category: 'scrap',
    material: 'gold-14k',
    grams: '7.9',
    purityPercent: '58.5',
    percentPaid: '88',
    daysAgo: 30,
    test: 'xrf',
    bin: 'SH-14',
    fate: 'open-lot',
  },
  {
    description: '14k gold figaro bracelet',
    category: 'jewelry',
    material: 'gold-14k',
    grams: '9.3',
    purityPercent: '58.5',
    percentPaid: '88',
    daysAgo: 27,
    test: 'xrf',
    bin: 'SH-14',
    fate: 'bin',
  },
  {
    description: '18k gold wedding band',
    category: 'jewelry',
    material: 'gold-18k',
    grams: '6.2',
    purityPercent: '75',
    percentPaid: '88',
    daysAgo: 24,
    test: 'xrf',
    bin: 'SH-18',
    fate: 'bin',
  },
  {
    description: '14k gold heart locket pendant',
    category: 'jewelry',
    material: 'gold-14k',
    grams: '4.4',
    purityPercent: '58.5',
    percentPaid: '88',
    daysAgo: 2,
    test: 'xrf',
    bin: 'SH-14',
    fate: 'bin',
  },
];

/** The XRF's reading of a karat: gold as the purity, the rest silver and copper as alloys run. */
function readingOf(purchase: Purchase): BenchReading {
  if (purchase.test === 'acid') return { method: 'acid', karat: Math.round((Number(purchase.purityPercent) * 24) / 100) };
  const gold = Math.round((Number(purchase.purityPercent) - 0.2) * 10) / 10;
  const silver = Math.round(((100 - gold) * 0.55 * 10) / 10) / 10;
  const copper = Math.round((100 - gold - silver) * 10) / 10;
  return {
    method: 'xrf',
    elements: [
      { element: 'Au', percent: gold },
      { element: 'Ag', percent: silver },
      { element: 'Cu', percent: copper },
    ],
  };
}

/** The instruments the sample tests were taken with, by serial (demo.service.ts's register). */
export interface DemoInstrumentIds {
  xrf: string;
  acid: string;
}

interface Bought {
  purchase: Purchase;
  submissionId: string;
  itemId: string;
  tag: string;
  receivedAt: Date;
  offeredAt: Date;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Seeds the back office's history on a fresh demo, after the rest of the seed: `ctx` is the app's,
 * `appraiser` the demo admin, `encryptionKey` seals the sample seller's address. Each command runs
 * in its own transaction, as the appraiser's clicks would.
 */
export async function seedDemoBackOffice(
  ctx: AppContext,
  appraiser: Actor,
  instruments: DemoInstrumentIds,
  encryptionKey: string,
  now: Date,
): Promise<void> {
  const at = (day: Date) => ({ ...ctx, clock: { now: () => day } });
  const daysAgo = (days: number, hours = 0) => new Date(now.getTime() - days * DAY + hours * HOUR);

  // The purchases: the sample seller's parcels, received, offered line by line, accepted and paid.
  const bought = await ctx.db.transaction(async (tx) => {
    const sellerId = await insertUserWithoutSignIn(tx, SAMPLE_ESTATE_SELLER);
    await saveShippingAddress(tx, encryptionKey, sellerId, sellerAddress);
    const rows = [];
    for (const purchase of purchases) {
      const receivedAt = daysAgo(purchase.daysAgo, -3);
      const row = buildSubmission({
        userId: sellerId,
        category: purchase.category,
        description: purchase.description,
        material: purchase.material,
        estimatedWeight: Number(purchase.grams),
        weightUnit: 'grams',
        status: 'completed',
        // buildSubmission receives a parcel 30 hours after it was sent, and offers 20 hours later.
        createdAt: new Date(receivedAt.getTime() - 30 * HOUR),
        finalOffer: '1',
        actualWeight: Number(purchase.grams),
      });
      // The rule and the hold fixed on the day of receipt, for the seller's state, as receipt does.
      Object.assign(row, await complianceAtReceipt(tx, ctx.config, sellerId, row.receivedAt!));
      rows.push({ purchase, row });
    }
    const lines = rows.map(({ purchase, row }) =>
      demoBasisLines(
        [
          {
            description: purchase.description,
            material: purchase.material,
            weight: purchase.grams,
            weightUnit: 'grams' as WeightUnit,
            purityPercent: purchase.purityPercent,
            testMethod: purchase.test,
            percentPaid: purchase.percentPaid,
          },
        ],
        row.offeredAt!,
      ),
    );
    rows.forEach(({ row }, i) => (row.finalOffer = lines[i]!.totalCents));
    await insertParcels(
      tx,
      rows.map(({ row }) => row),
    );
    const answer: Bought[] = [];
    const payouts = [];
    for (const [i, { purchase, row }] of rows.entries()) {
      // Placed in the vault and tagged by the appraiser, as receipt places every item.
      const [placed] = await placeReceivedItems(tx, appraiser, row.id!);
      await recordPastOffer(tx, {
        submissionId: row.id!,
        createdBy: appraiser.id,
        totalCents: lines[i]!.totalCents,
        lines: lines[i]!.lines.map((line) => ({ ...line, itemId: placed!.itemId })),
        createdAt: row.offeredAt!,
        validDays: DEFAULT_OFFER_VALID_DAYS,
        outcome: 'accepted',
      });
      payouts.push(
        buildTransaction({ submission: row, method: 'check', createdAt: new Date(row.offeredAt!.getTime() + 6 * HOUR) }),
      );
      answer.push({
        purchase,
        submissionId: row.id!,
        itemId: placed!.itemId,
        tag: placed!.tag,
        receivedAt: row.receivedAt!,
        offeredAt: row.offeredAt!,
      });
    }
    await insertPayouts(tx, payouts);
    for (const payout of payouts) {
      await postOfferAccepted(tx, { id: payout.id!, grossAmount: payout.grossAmount, feeAmount: payout.feeAmount });
      // The check went out the next day: paid, on the ledger and the seller's timeline.
      const row = (await findTransaction(tx, payout.id!))!;
      await movePayout(tx, row, {
        transition: 'confirmPaid',
        at: new Date(payout.createdAt!.getTime() + DAY),
        rail: 'check',
        reference: `Check ${1040 + payouts.indexOf(payout)}`,
        actorId: appraiser.id,
      });
    }
    await writeAuditEntries(
      tx,
      rows.flatMap(({ row }) => demoHistory(row, sellerId, appraiser.id)),
    );
    return answer;
  });

  // The bench: each line tested on the day of its offer, a photo of the piece on the bench with it.
  for (const item of bought) {
    const [line] = await lineRefsOfSubmission(ctx.db, item.submissionId);
    const photoImageId = await uploadBenchPhoto(ctx, appraiser, item.purchase.description);
    await recordItemTest(at(new Date(item.offeredAt.getTime() - HOUR)), appraiser, item.submissionId, {
      lineId: line!.lineId,
      instrumentId: item.purchase.test === 'xrf' ? instruments.xrf : instruments.acid,
      reading: readingOf(item.purchase),
      photoImageId,
    });
  }

  // The bins, made before the first parcel came in, and each piece put on its shelf after its test.
  const bins = new Map<string, string>();
  for (const bin of demoBins) bins.set(bin.code, (await createBin(at(daysAgo(60)), appraiser, bin)).id);
  for (const item of bought) {
    const current = (await findCustodyItem(ctx.db, item.itemId))!;
    await moveItem(at(new Date(item.offeredAt.getTime() + 2 * HOUR)), appraiser, item.itemId, {
      to: 'bin',
      binId: bins.get(item.purchase.bin)!,
      version: current.version,
    });
  }

  // The refiner, with its terms and the charges its statements carry.
  const refiner = await addRefiner(at(daysAgo(58)), appraiser, {
    name: DEMO_REFINER,
    terms: 'Pays 97% of the fine gold assayed at the day’s London PM fix; settles by wire within 10 business days.',
    refiningPercent: '1.5',
    refiningPerOz: null,
    assayFee: '15.00',
    shippingFee: null,
    wireFee: '25.00',
    address: refinerAddress,
  });

  // The older lot: the two oldest 14k pieces, shipped insured, settled from the statement, closed.
  // Insuring it asks for today's spot: a demo that has not read its feed yet reads it now.
  if (!ctx.pricing.snapshot().rows.some((row) => row.itemType === 'gold-24k' && row.pricePerOz)) {
    await ctx.pricing.refresh({ force: true });
  }
  const older = await lotOf(at(daysAgo(31)), appraiser, bought, 'shipped-lot');
  const shipped = await shipMeltLot(at(daysAgo(30)), appraiser, older.lot.id, {
    refinerId: refiner.id,
    insuredValue: dollars(Math.ceil(older.lot.estimatedValueCents! / 10_000) * 10_000),
  });
  const settledOn = daysAgo(19);
  await enterSettlement(at(settledOn), appraiser, settlementOf(shipped.lot.number, older.items, isoDay(settledOn)));
  await advanceMeltLot(at(daysAgo(18)), appraiser, older.lot.id, { to: 'closed' });

  // The open lot: this week's 14k, waiting for more before it ships.
  await lotOf(at(daysAgo(4)), appraiser, bought, 'open-lot');
}

/** A 14k lot made at the clock's day, holding the purchases of that fate. */
async function lotOf(when: AppContext, appraiser: Actor, bought: readonly Bought[], fate: Fate) {
  const category: MeltSortCategory = 'gold-14k';
  let detail = await createMeltLot(when, appraiser, { category });
  for (const item of bought.filter((b) => b.purchase.fate === fate)) {
    detail = await addItemToLot(when, appraiser, detail.lot.id, { tag: item.tag });
  }
  return detail;
}

/**
 * The refiner's statement for the older lot, as it would be typed in: each gram lost in the melt,
 * the assay a touch under what the bench read (92-102% of the estimate is the usual), the fine
 * ounces paid at 97% and the simulated spot, the charges of the refiner's terms, and the wire the
 * net to the cent.
 */
function settlementOf(lotNumber: string, items: readonly { weight: string; fineGrams: string }[], date: string) {
  const preMelt = items.reduce((sum, item) => sum + Number(item.weight), 0);
  const estimatedFine = items.reduce((sum, item) => sum + Number(item.fineGrams), 0);
  const postMelt = Math.round(preMelt * 0.982 * 10_000) / 10_000;
  // The melt assays at 97.5% of the estimate's fine gold, spread over the melted weight.
  const assay = Math.floor(((estimatedFine * 0.975) / postMelt) * 100 * 100) / 100;
  const fineOz = Math.floor(((postMelt * assay) / 100 / GRAMS_PER_TROY_OZ) * 0.97 * 10_000) / 10_000;
  const price = simulatedStartingPrices.gold;
  const grossCents = Math.round(fineOz * Number(price) * 100);
  const refiningCents = Math.round(grossCents * 0.015);
  const charges = [
    { kind: 'refining', lotId: null, amount: dollars(refiningCents) },
    { kind: 'assay', lotId: null, amount: '15.00' },
    { kind: 'wire-fee', lotId: null, amount: '25.00' },
  ];
  const netCents = grossCents - refiningCents - 1500 - 2500;
  return {
    refiner: DEMO_REFINER,
    reference: `GCR-${date.replaceAll('-', '').slice(2)}-031`,
    date,
    wire: dollars(netCents),
    lots: [{ lotId: lotNumber, preMeltGrams: preMelt.toFixed(4), postMeltGrams: postMelt.toFixed(4) }],
    metals: [
      {
        lotId: lotNumber,
        metal: 'gold',
        assayPercent: assay.toFixed(2),
        fineOz: fineOz.toFixed(4),
        pricePerOz: price,
        amount: dollars(grossCents),
      },
    ],
    charges,
  };
}

/** A drawn photo of the piece, uploaded by the appraiser as an intake photo, the way the bench takes one. */
async function uploadBenchPhoto(ctx: AppContext, appraiser: Actor, description: string): Promise<string> {
  const jpeg = await sharp(Buffer.from(demoPhotoSvg(demoItemKind(description), 0)))
    .jpeg({ quality: 86 })
    .toBuffer();
  const { ticket } = await createUploadUrl(ctx, appraiser, { purpose: 'intake' });
  await receiveUpload(ctx, appraiser, { ticket, body: jpeg });
  return ticket.imageId;
}
