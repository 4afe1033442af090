// What a stored compliance rule (compliance-rules.ts) asks of one submission, in the words the seller
// and the appraiser read: why a payout waits for ID or a signed statement, until when an item is held,
// and why a melt, resale or consignment is refused before then (DECISIONS "Compliance").
import { type CombinedRule, identityRequired, isHoldOver, jurisdictionRow, type RuleCode } from './compliance-rules.ts';
import { shortDateIn } from './day-formats.ts';

export const dispositionActions = ['melt', 'resell', 'consign'] as const;
export type DispositionAction = (typeof dispositionActions)[number];

const dispositionPastTense: Record<DispositionAction, string> = {
  melt: 'melted',
  resell: 'resold',
  consign: 'consigned',
};

/** The label of each action on the appraiser's control and in the history. */
export const dispositionLabels: Record<DispositionAction, string> = {
  melt: 'Melt',
  resell: 'Resell',
  consign: 'Consign',
};

export const STATEMENT_REQUIRED_MESSAGE = 'Please sign the statement of ownership before we can pay you.';
/** The payout's refusal when the rule (not only the $10,000 KYC threshold) asks for the seller's ID. */
export const RULE_ID_REQUIRED_MESSAGE = 'Please verify your identity before we can pay you.';

/** "Florida law (Fla. Stat. 538.31-538.37)", or the house rule for states without a row. */
function authorityOf(code: RuleCode): string {
  const row = jurisdictionRow(code);
  if (!row || code === 'DEFAULT') return 'Our rule for sellers outside the states we have reviewed';
  const citation = row.source.citation.split(' (')[0] ?? row.source.citation;
  return `${row.name} law (${citation})`;
}

/** "Florida law (Fla. Stat. 538.31-538.37) requires your ID": a row's authority asking for something. */
export function ruleAsks(code: RuleCode, what: string): string {
  const authority = authorityOf(code);
  return `${authority} ${authority.startsWith('Our rule') ? 'asks for' : 'requires'} ${what}`;
}

/** "Florida", or "Any other state": the name a hold is explained with. */
export function jurisdictionName(code: RuleCode): string {
  return jurisdictionRow(code)?.name ?? code;
}

export interface PaymentRequirements {
  identityRequired: boolean;
  statementRequired: boolean;
  /** Why, in one sentence naming the state; null when the rule asks for neither. */
  reason: string | null;
}

function joinAnd(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * What the stored rule asks before paying this amount, and the sentence the seller reads before
 * accepting: "Florida law (Fla. Stat. 538.31-538.37) requires your ID and a signed statement before we
 * can pay you." When the two requirements come from different rows, each is named with its own.
 */
export function paymentRequirementsOf(rule: CombinedRule, amountCents: number): PaymentRequirements {
  const needsId = identityRequired(rule, amountCents);
  const needsStatement = rule.signedStatement;
  const asks: { code: RuleCode; what: string }[] = [];
  if (needsId) asks.push({ code: rule.fieldSources.idBeforePayment, what: 'your ID' });
  if (needsStatement) asks.push({ code: rule.fieldSources.signedStatement, what: 'a signed statement' });
  if (asks.length === 0) return { identityRequired: false, statementRequired: false, reason: null };
  const codes = [...new Set(asks.map((ask) => ask.code))];
  const clauses = codes.map((code) => ruleAsks(code, joinAnd(asks.filter((ask) => ask.code === code).map((ask) => ask.what))));
  return {
    identityRequired: needsId,
    statementRequired: needsStatement,
    reason: `${joinAnd(clauses)} before we can pay you.`,
  };
}

/** "Nov 28": the hold's last day on the business's calendar. */
export function formatHoldDay(holdUntil: Date, timeZone: string): string {
  return shortDateIn(holdUntil, timeZone);
}

/** "Florida: 10 days": which row set the hold, and how long it is. */
export function holdBasis(rule: CombinedRule): string {
  const days = rule.holdDays === 1 ? '1 day' : `${rule.holdDays} days`;
  return `${jurisdictionName(rule.fieldSources.holdDays)}: ${days}`;
}

/** "This item is on hold until Nov 28 (Florida: 10 days); it cannot be melted before then." */
export function holdRefusalMessage(holdUntil: Date, rule: CombinedRule, action: DispositionAction, timeZone: string): string {
  return (
    `This item is on hold until ${formatHoldDay(holdUntil, timeZone)} (${holdBasis(rule)}); ` +
    `it cannot be ${dispositionPastTense[action]} before then.`
  );
}

export const dispositionMessages = {
  notBought: 'Only an item we have bought can be melted, resold or consigned; this submission has not been paid for.',
  alreadyDisposed: 'This item has already been melted, resold or consigned.',
  noRule: 'This item was received before the compliance rules were recorded; its hold cannot be checked.',
} as const;

/**
 * What a submission keeps of the rule it was received under: the combined rule, and the time zone
 * its hold was counted in (so the hold's day reads the same wherever it is shown later).
 */
export type StoredComplianceRule = CombinedRule & { timeZone: string };

export interface HoldView {
  until: string;
  label: string;
  basis: string;
  over: boolean;
}

/** The mailbox's "Hold until Nov 28", or null for an item without a stored rule. */
export function holdViewOf(holdUntil: Date | null, rule: StoredComplianceRule | null, now: Date): HoldView | null {
  if (!holdUntil || !rule) return null;
  return {
    until: holdUntil.toISOString(),
    label: `Hold until ${formatHoldDay(holdUntil, rule.timeZone)}`,
    basis: holdBasis(rule),
    over: isHoldOver(holdUntil, now),
  };
}
