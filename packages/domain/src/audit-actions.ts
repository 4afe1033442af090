// Every kind of audit entry the server writes, and how each reads to the client (their timeline)
// and to an appraiser (the submission's history). One list, so a new action cannot reach one view
// and be forgotten by the other, and the server cannot write an action nobody can read.
import type { PriceLockDto } from './price-lock.ts';

/** `client: null` keeps the entry with the appraisers (internal bookkeeping, or another record's). */
export const auditActions = {
  created: { client: 'Submitted', appraiser: 'Submission created' },
  label_created: { client: 'Shipping label created', appraiser: 'Shipping label created' },
  received: { client: 'Parcel received, appraisal started', appraiser: 'Parcel received' },
  photos_requested: { client: 'More photos requested', appraiser: 'More photos requested' },
  photos_added: { client: 'Photos added', appraiser: 'Client added photos' },
  id_verification_requested: { client: 'ID verification requested', appraiser: 'ID verification requested' },
  kyc_submitted: { client: null, appraiser: 'Client sent ID verification' },
  kyc_approved: { client: null, appraiser: 'ID verification approved' },
  kyc_rejected: { client: null, appraiser: 'ID verification rejected' },
  offer_submitted: { client: 'Offer ready', appraiser: 'Offer submitted' },
  offer_revised: { client: 'New offer', appraiser: 'New offer version' },
  offer_reissued: { client: "Offer re-issued at today's prices", appraiser: 'Offer re-issued at current prices' },
  offer_reminder_sent: { client: null, appraiser: 'Offer reminder sent' },
  counter_offer_made: { client: 'Counter-offer sent', appraiser: 'Client made a counter-offer' },
  counter_offer_accepted: { client: 'Counter-offer accepted', appraiser: 'Counter-offer accepted' },
  // Per-item decisions (item-decisions.ts, decision 042): the seller kept some items and declined
  // others; a new version holds the kept ones, and the declined ones come back when it is paid.
  items_chosen: { client: 'You chose item by item', appraiser: 'Client accepted some items and declined others' },
  items_returned: { client: 'Declined items on their way back', appraiser: 'Declined items sent back' },
  // The seller's reserve (seller-reserve.ts, decision 040): set or changed before the offer; an offer
  // at or above it accepted for them (24 h to decline); an offer below it returned free.
  reserve_set: { client: 'Reserve set', appraiser: 'Client set a reserve' },
  reserve_met: { client: 'Offer accepted by your reserve', appraiser: "Offer met the client's reserve: accepted for them" },
  reserve_missed: {
    client: 'Offer below your reserve, item on its way back free',
    appraiser: "Offer below the client's reserve: returned free",
  },
  reserve_payout_waiting: { client: 'Payout waiting for you', appraiser: "Reserve's payout could not start" },
  notes_updated: { client: null, appraiser: 'Internal notes updated' },
  consignment_requested: { client: 'Consignment sale requested', appraiser: 'Client asked about consignment' },
  payout_requested: { client: 'Offer accepted, payout recorded', appraiser: 'Client accepted and chose a payout' },
  // Decision 036: an offer below the guaranteed floor, unexplained by what was measured, owes the
  // goodwill: added to the payout of an accepted offer, or claimed as its own payout after a decline.
  goodwill_added: { client: 'Goodwill added to your payout', appraiser: 'Goodwill added to the payout (offer below the floor)' },
  goodwill_claimed: {
    client: 'Goodwill claimed, payout recorded',
    appraiser: 'Client claimed the goodwill (offer below the floor)',
  },
  // Written when the rail confirms the money reached the seller (payout-lifecycle.ts confirmPaid), so it
  // says "paid", as its line does; a payout merely sent is payout_processing ("on its way").
  payout_sent: { client: 'Payout paid', appraiser: 'Payout paid (confirmed)' },
  // The payout lifecycle (payout-lifecycle.ts): each state it reaches, on the submission's timeline.
  payout_processing: { client: 'Payout on its way', appraiser: 'Payout handed to its rail' },
  payout_failed: { client: 'Payout failed', appraiser: 'Payout failed' },
  payout_returned: { client: 'Payout returned', appraiser: 'Payout returned' },
  payout_unclaimed: { client: 'Payout not claimed', appraiser: 'Payout unclaimed' },
  payout_retried: { client: 'New payout details given', appraiser: 'Payout tried again with new details' },
  bank_details_viewed: { client: null, appraiser: 'Bank details viewed' },
  // On the payout: the second admin's approval of a payout above DUAL_APPROVAL_ABOVE (payout-approval.ts),
  // naming the offer's maker beside the approver; only then does a rail take it.
  payout_approved: { client: null, appraiser: 'Large payout approved by a second admin' },
  // On the payout: its provider could not take it (retries ran out, or our set-up was refused).
  payout_handover_failed: { client: null, appraiser: 'Payout provider could not take it; pay it by hand' },
  // On the payout (entity 'transaction'), like bank_details_viewed: each download writes its account number out.
  ach_file_downloaded: { client: null, appraiser: 'ACH file with this payout downloaded' },
  // The check register (modules/checks), on the payout (entity 'transaction'); the payout's own
  // moves (on its way, paid, failed, returned) reach the seller's timeline through movePayout.
  check_registered: { client: null, appraiser: 'Check registered' },
  check_voided: { client: null, appraiser: 'Check voided' },
  check_stub_downloaded: { client: null, appraiser: 'Check stub printed' },
  offer_declined: { client: 'Offer declined, item on its way back', appraiser: 'Client declined the offer' },
  returned: { client: 'Item sent back', appraiser: 'Item sent back' },
  closed: { client: 'Submission closed', appraiser: 'Closed before the parcel arrived' },
  return_delivered: { client: 'Item delivered back to you', appraiser: 'Return delivered' },
  // The carrier's tracking (parcel-tracking.ts): each new state of a label's parcel, written with
  // no actor, its sentence ("In transit: Arrived at USPS facility, Memphis TN, Nov 23") beside it.
  parcel_in_transit: { client: 'Parcel in transit', appraiser: 'Parcel in transit' },
  parcel_out_for_delivery: { client: 'Parcel out for delivery', appraiser: 'Parcel out for delivery' },
  parcel_delivered: { client: 'Parcel delivered', appraiser: 'Parcel delivered (carrier)' },
  parcel_returned_to_sender: { client: 'Parcel returned to sender', appraiser: 'Parcel returned to sender' },
  parcel_problem: { client: 'Delivery problem', appraiser: 'Carrier reported a delivery problem' },
  // The carrier's first scan of the seller's parcel locks the spot prices (price-lock.ts).
  prices_locked: { client: 'Prices locked', appraiser: "Prices locked at the carrier's first scan" },
  payout_rate_changed: { client: null, appraiser: 'Payout rate changed' },
  // Compliance exports (modules/compliance/reports), which write out decrypted ID numbers: the day's
  // police report (entity 'compliance', the day as its id) and one seller's records (entity 'user').
  police_report_exported: { client: null, appraiser: 'Police report downloaded' },
  tax_year_report_exported: { client: null, appraiser: 'Year-end seller list downloaded' },
  seller_records_exported: { client: null, appraiser: "Seller's records exported" },
  // Records retention (modules/records-retention): a finished submission's personal data erased
  // after its period; the entry holds counts only.
  records_erased: { client: null, appraiser: 'Personal data erased after its retention period' },
  // Sanctions screening (DECISIONS "Compliance"), on the screening and on each payout it held: never
  // shown to the seller, whose payout simply waits.
  sanctions_payout_held: { client: null, appraiser: 'Payout held: possible sanctions-list match' },
  sanctions_cleared: { client: null, appraiser: 'Sanctions match cleared' },
  sanctions_blocked: { client: null, appraiser: 'Sanctions match confirmed; payout blocked' },
  // DECISIONS "Compliance": the seller's sworn statement, and what became of a bought item after its hold.
  statement_signed: { client: 'Statement of ownership signed', appraiser: 'Seller signed the statement of ownership' },
  item_disposed: { client: null, appraiser: 'Item melted, resold or consigned' },
  // Custody (modules/custody): an item's move between the vault, bins, lots and the door, on its
  // submission; a bin's creation, change or archiving, on the bin.
  item_moved: { client: null, appraiser: 'Item moved in custody' },
  bin_created: { client: null, appraiser: 'Bin created' },
  bin_renamed: { client: null, appraiser: 'Bin renamed' },
  bin_archived: { client: null, appraiser: 'Bin archived' },
  // The bench (bench.ts, issue 28 item 1): a test of an offer line (on the submission; the seller
  // reads its result on the offer, not on the timeline), and the register of instruments (entity 'instrument').
  bench_test_recorded: { client: null, appraiser: 'Item tested on the bench' },
  instrument_added: { client: null, appraiser: 'Instrument added to the register' },
  instrument_calibrated: { client: null, appraiser: 'Instrument calibrated' },
  instrument_retired: { client: null, appraiser: 'Instrument retired' },
  // Melt lots (modules/melt-lots): a lot's creation and each state it moves to, on the lot; an
  // item put in or taken out, on the lot and (as item_moved) on the item's submission.
  melt_lot_created: { client: null, appraiser: 'Melt lot created' },
  melt_lot_item_added: { client: null, appraiser: 'Item added to a melt lot' },
  melt_lot_item_removed: { client: null, appraiser: 'Item taken out of a melt lot' },
  melt_lot_advanced: { client: null, appraiser: 'Melt lot moved on' },
  // A label the carrier sold insured for less than asked: the lot stays open, the label is to be voided.
  melt_lot_label_refused: { client: null, appraiser: 'Melt lot label refused: insured for less than asked' },
  // Refiners (modules/refiners, entity 'refiner') and their settlements (modules/refiner-settlement,
  // entity 'refiner_settlement'; each lot it settles also has its melt_lot_advanced).
  refiner_added: { client: null, appraiser: 'Refiner added' },
  refiner_updated: { client: null, appraiser: 'Refiner updated' },
  refiner_retired: { client: null, appraiser: 'Refiner retired' },
  refiner_settlement_entered: { client: null, appraiser: 'Refiner settlement entered' },
  // Police holds (police-holds.ts, issue 28 item 6): on the item's submission, never shown to the seller.
  police_hold_placed: { client: null, appraiser: 'Item put on police hold' },
  police_hold_released: { client: null, appraiser: 'Police hold released' },
  police_hold_surrendered: { client: null, appraiser: 'Item surrendered to the police' },
} as const satisfies Record<string, { client: string | null; appraiser: string }>;

export type AuditAction = keyof typeof auditActions;
export const auditActionNames = Object.keys(auditActions) as AuditAction[];

/** The records an entry can be about; a submission's history also shows its payout's entries. */
export const auditEntityTypes = [
  'submission',
  'transaction',
  'kyc',
  'payout_rate',
  'compliance',
  'user',
  'sanctions_screening',
  'bin',
  'instrument',
  'melt_lot',
  'refiner',
  'refiner_settlement',
] as const;
export type AuditEntityType = (typeof auditEntityTypes)[number];

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(auditActions, value);
}

/**
 * What an entry recorded beside the status change: the facts a person reads in the history. Never
 * internal notes, account numbers or ID numbers (DECISIONS: the audit log holds no secrets).
 */
export interface AuditChanges {
  images?: number;
  finalOffer?: string;
  actualWeight?: number;
  requiresKyc?: boolean;
  guaranteeDeadline?: string;
  notesEdited?: boolean;
  message?: string;
  reason?: string;
  /** The seller's reserve (reserve_*), and until when they may decline an offer it accepted. */
  reserve?: string | null;
  declineUntil?: string;
  reference?: string;
  /** The ACH batch (Nacha file) an entry is about. */
  achBatchId?: string;
  /** The check (check register) an entry is about, its number and the day it was mailed. */
  checkId?: string;
  checkNumber?: number;
  mailedOn?: string;
  submissionId?: string;
  transactionId?: string;
  payoutMethod?: string;
  /** A payout's lifecycle state, its rail and the rail's reason code (R01, UNCLAIMED...). */
  payoutStatus?: string;
  payoutRail?: string;
  reasonCode?: string;
  /** payout_approved: the admin who made the accepted offer (the approver is the entry's actor). */
  offerMadeBy?: string | null;
  /** The payout attempt an entry is about (1, and one more for each retry with new details). */
  payoutAttempt?: number;
  amount?: string;
  feeAmount?: string;
  /** goodwill_added, goodwill_claimed: the goodwill paid for an offer below the guaranteed floor. */
  goodwillAmount?: string;
  labelId?: string;
  returnLabelId?: string;
  direction?: string;
  trackingNumber?: string;
  carrier?: string;
  insuredValue?: string | null;
  freeReturn?: boolean;
  /** A tracking event (parcel_*): our state of the parcel, the carrier's words, where and when. */
  trackingStatus?: string;
  trackingMessage?: string | null;
  trackingLocation?: string | null;
  occurredAt?: string;
  /** prices_locked: the lock's window and the spot prices it holds (USD per troy ounce). */
  priceLock?: PriceLockDto;
  /** A payout rate's item type, and its percents before and after the change. */
  itemType?: string;
  minPercent?: string;
  maxPercent?: string;
  previousMinPercent?: string;
  previousMaxPercent?: string;
  /** The offer version an entry is about (itemised offers). */
  offerVersion?: number;
  /** items_chosen: the version the seller chose on, and how many of its items they declined. */
  previousVersion?: number;
  declinedItems?: number;
  /** created, counter_offer_made: how many items (only when more than one). */
  items?: number;
  offerId?: string;
  validUntil?: string;
  previousTotal?: string;
  hoursBefore?: number;
  /** A compliance export: the report's day (or the calendar year) and how many purchases (or sellers) it held. */
  reportDate?: string;
  reportYear?: number;
  recordCount?: number;
  /** Intake evidence (DECISIONS "Intake evidence"): the photos taken when the parcel was opened. */
  intakePhotoIds?: string[];
  /** A sanctions screening (its id, the list entry it matched and the score). */
  screeningId?: string;
  listedName?: string;
  score?: number;
  /** Compliance: the rule version and codes stored at receipt, the hold's end, a statement's version, a disposition. */
  rulesVersion?: string;
  ruleCodes?: string[];
  holdUntil?: string;
  statementVersion?: string;
  statementId?: string;
  disposition?: string;
  /** The bench: the test, its line, method, instrument and one-line result; a calibration's days. */
  testId?: string;
  lineId?: string;
  testMethod?: string;
  instrumentId?: string | null;
  instrumentName?: string;
  summary?: string;
  calibratedOn?: string;
  nextCalibrationDue?: string;
  previousCalibrationDue?: string;
  note?: string;
  /** Custody: the item moved (its id, position and tag), where from and where to; a bin's code and label. */
  itemId?: string;
  position?: number;
  tag?: string;
  fromPlace?: string | null;
  toPlace?: string;
  fromBin?: string | null;
  toBin?: string | null;
  binCode?: string;
  binLabel?: string;
  previousBinCode?: string;
  previousBinLabel?: string;
  /** Melt lots: the lot (its id and number), its category, the state it moved from and to, its refiner. */
  meltLotId?: string;
  lotNumber?: string;
  category?: string;
  lotState?: string;
  previousLotState?: string;
  refinerName?: string;
  /** A lot's carrier label: the carrier's shipment, what it confirmed insured, whether it is real postage. */
  shipmentId?: string | null;
  confirmedInsuredValue?: string | null;
  validForPostage?: boolean;
  /** Records retention: how many of each kind of personal record an erase removed (counts, never values). */
  erased?: {
    photos: number;
    labelAddresses: number;
    checkAddresses: number;
    bankDetails: number;
    statementIps: number;
    idChecks: number;
  };
  /** Refiners and settlements: the refiner's id, the settlement's id, the lots it settled, its source. */
  refinerId?: string | null;
  settlementId?: string;
  lotNumbers?: string[];
  source?: string;
  /** Police holds: the hold, the agency's officer and case, the police's receipt, the cost written off. */
  policeHoldId?: string;
  agency?: string;
  officer?: string;
  badgeNumber?: string;
  caseNumber?: string;
  writtenOffCents?: number;
}

/** The client's timeline label, or null when the entry stays with the appraisers. */
export function clientTimelineLabel(action: string): string | null {
  return isAuditAction(action) ? auditActions[action].client : null;
}

/** The appraiser's history label; an action this build does not know still shows, in raw form. */
export function appraiserHistoryLabel(action: string): string {
  return isAuditAction(action) ? auditActions[action].appraiser : action.replaceAll('_', ' ');
}
