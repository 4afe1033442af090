// Issue 28 item 6: "a purchase cannot be completed while its report line is missing". The daily
// police report writes one line per bought item (police-report.service.ts); this names what such a
// line would lack, so the payment gate can refuse the purchase before the line is written empty.
// Each problem is in the appraiser's words and names the item; the seller reads one sentence that
// asks nothing of them, since photos and article codes are the appraiser's to supply.
import { articleCodeOf } from './article-codes.ts';
import type { ItemType } from './item-type.ts';
import { submissionCategories, type SubmissionCategory } from './submission-category.ts';

/** What the report would write for one bought item, reduced to what can be missing. */
export interface PoliceReportLineFacts {
  /** The item's position in its parcel (null: a purchase from before items existed) and description. */
  item: { position: number | null; description: string };
  /**
   * The photos the report lists for the item: its own (the seller's), the bench photo on the scale
   * of a test of one of its lines, and the photos taken of the whole parcel.
   */
  photoCount: number;
  /** What its article code is made from: the item's category and material (its line's, else the item's). */
  category: string;
  material: ItemType | null;
  /** Whether this purchase needs the seller's ID (the state rule or SPEC's $10,000 KYC threshold). */
  idRequired: boolean;
  /** The approved identity check the report would name, or null when none is approved. */
  approvedId: { issuer: string | null } | null;
  /** The seller's name and whether an address is known (the inbound label's sender, else the profile). */
  sellerName: string;
  hasAddress: boolean;
}

export const policeReportLineProblemKinds = ['photo', 'article-code', 'id', 'address'] as const;
export type PoliceReportLineProblemKind = (typeof policeReportLineProblemKinds)[number];

export interface PoliceReportLineProblem {
  kind: PoliceReportLineProblemKind;
  /** What is missing, in the appraiser's words: "no photo of the item". */
  missing: string;
}

const missingWords: Record<PoliceReportLineProblemKind, string> = {
  photo: 'no photo of the item (a photo of the item, or a bench test photo on the scale)',
  'article-code': 'no article code (its category is not one the article codes know)',
  id: "the seller's approved ID does not name its issuer",
  address: "no address for the seller (neither the inbound label's sender nor the profile)",
};

/**
 * What is missing from one bought item's police report line; empty when the line is complete.
 * ID details are asked only where the purchase needs ID (the same rule the gate applies): without
 * it the line carries the seller's name and address, and a missing address is the problem. An ID
 * required but not yet approved is not named here: the gate's own 'id' block asks the seller for it.
 */
export function policeReportLineProblems(facts: PoliceReportLineFacts): PoliceReportLineProblem[] {
  const kinds: PoliceReportLineProblemKind[] = [];
  if (facts.photoCount <= 0) kinds.push('photo');
  if (policeReportArticleCode(facts) === null) kinds.push('article-code');
  if (facts.idRequired) {
    if (facts.approvedId && !facts.approvedId.issuer?.trim()) kinds.push('id');
  } else if (!facts.hasAddress || !facts.sellerName.trim()) {
    kinds.push('address');
  }
  return kinds.map((kind) => ({ kind, missing: missingWords[kind] }));
}

/**
 * The code the line would carry, or null when none can be made. A material nobody named is not a
 * missing code: the table gives it its kind's OTHER code (article-codes.ts), so SPEC's one-number
 * offer on an unnamed item still makes a line; only a category outside the table has none.
 */
export function policeReportArticleCode(facts: Pick<PoliceReportLineFacts, 'category' | 'material'>): string | null {
  if (!(submissionCategories as readonly string[]).includes(facts.category)) return null;
  return articleCodeOf(facts.category as SubmissionCategory, facts.material);
}

/** "Item 2 (14k bracelet)", or "The purchase (Gold coins)" before items existed. */
export function policeReportLineItemName(item: PoliceReportLineFacts['item']): string {
  return `${item.position === null ? 'The purchase' : `Item ${item.position}`} (${item.description})`;
}

/** The appraiser's sentence: "Item 2 (14k bracelet) has no police report line yet: no photo ...; no article code ...." */
export function policeReportLineSentence(item: PoliceReportLineFacts['item'], problems: readonly PoliceReportLineProblem[]) {
  return `${policeReportLineItemName(item)} cannot go on the police report yet: ${problems.map((p) => p.missing).join('; ')}.`;
}

/** What the appraiser does about each kind, in the order the problems are named. */
export const policeReportLineActions: Record<PoliceReportLineProblemKind, string> = {
  photo: "Record a bench test with a photo on the item's line, or ask the seller for more photos.",
  'article-code': "Correct the item's category (jewelry, scrap or gems) on the submission.",
  id: 'Ask the seller for their ID again ("Request ID Verification"): the issuer was not asked when it was checked.',
  address: "Have the seller's address added before paying.",
};

/**
 * The seller's refusal: the record the law asks us to keep is ours to finish, so it asks nothing of
 * them and blames no one. Only a missing address is theirs to give, and it is asked for plainly.
 */
export const POLICE_REPORT_LINE_SELLER_MESSAGE =
  'We are still completing the purchase record the law asks us to keep for your items; an appraiser is on it. Nothing is needed from you: please accept again a little later.';
export const POLICE_REPORT_ADDRESS_SELLER_MESSAGE =
  'The law asks us to record your address with the purchase: please add it in your account, then accept again.';

export function policeReportLineSellerMessage(problems: readonly PoliceReportLineProblem[]): string {
  return problems.every((p) => p.kind === 'address') ? POLICE_REPORT_ADDRESS_SELLER_MESSAGE : POLICE_REPORT_LINE_SELLER_MESSAGE;
}
