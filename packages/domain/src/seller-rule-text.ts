// Issue 27 item 8, rules before shipping: the seller's state rule in the words shown before a parcel
// ships (the new-submission form, the address dialog, the FAQ, any e-mail that states it). The
// sentences are made from the same table and the same strictest-of-seller-and-vault combination that
// gate the payment (compliance-rules.ts, compliance-gate.ts), plus SPEC's own ID rule above the KYC
// threshold, so no screen can promise less than the gate will ask.
import { ruleAsks } from './compliance-gate.ts';
import {
  type CombinedRule,
  JURISDICTION_RULES,
  type JurisdictionRule,
  type RuleCode,
  defaultJurisdictionRule,
  identityRequired,
  jurisdictionRow,
  ruleFor,
  strictestRule,
  submissionRuleFor,
} from './compliance-rules.ts';
import { KYC_THRESHOLD_CENTS } from './kyc.ts';
import { formatCents } from './money.ts';
import { normaliseStateCode, US_STATES } from './us-states.ts';

const stateNames: ReadonlyMap<string, string> = new Map(US_STATES.map((state) => [state.code, state.name]));

const plainIdSentence = (amountCents: number) =>
  `We ask for your ID only before paying an offer above ${formatCents(amountCents, { wholeDollars: true })}, or when our appraiser asks for it.`;

function idSentence(rule: CombinedRule): string {
  const id = rule.idBeforePayment;
  const source = rule.fieldSources.idBeforePayment;
  if (id.kind === 'always') return `${ruleAsks(source, 'your ID')} before any payment, whatever the amount.`;
  // The gate asks for the ID above the KYC threshold whatever the state says (compliance.service.ts).
  const threshold = id.kind === 'above' ? Math.min(id.amountCents, KYC_THRESHOLD_CENTS) : KYC_THRESHOLD_CENTS;
  if (threshold === KYC_THRESHOLD_CENTS || source === 'DEFAULT') return plainIdSentence(threshold);
  return `${ruleAsks(source, 'your ID')} before paying an offer above ${formatCents(threshold, { wholeDollars: true })}.`;
}

function holdSentence(rule: CombinedRule): string {
  const source = rule.fieldSources.holdDays;
  const days = rule.holdDays === 1 ? '1 day' : `${rule.holdDays} days`;
  const keeps = source === 'DEFAULT' ? 'We keep' : `${jurisdictionRow(source)?.name ?? source} law asks us to keep`;
  return `${keeps} what we buy as it arrived for ${days} before it may be melted or resold; your payment does not wait for it.`;
}

/**
 * The sentence an e-mail that asks for the seller's ID states the rule with, when a state's row (the
 * seller's or the vault's) asks for it at this amount: "Florida law (...) requires your ID before
 * any payment, whatever the amount." Null when only SPEC's threshold or an appraiser asks.
 */
export function stateIdSentence(rule: CombinedRule, amountCents: number): string | null {
  if (rule.fieldSources.idBeforePayment === 'DEFAULT' || !identityRequired(rule, amountCents)) return null;
  return idSentence(rule);
}

/**
 * The appraiser's short caption of when the rule asks for the seller's ID, naming the state whose
 * row asks it: "Florida: ID before any payment", "Texas: ID above $5,000", or SPEC's "ID above
 * $10,000" when no state asks more (the same reading as the seller's sentence and the gate).
 */
export function idRuleCaption(rule: Pick<CombinedRule, 'idBeforePayment' | 'fieldSources'>): string {
  const id = rule.idBeforePayment;
  const source = rule.fieldSources.idBeforePayment;
  const where = source === 'DEFAULT' ? null : (stateNames.get(source) ?? source);
  if (id.kind === 'always') return where ? `${where}: ID before any payment` : 'ID before any payment';
  const threshold = id.kind === 'above' ? Math.min(id.amountCents, KYC_THRESHOLD_CENTS) : KYC_THRESHOLD_CENTS;
  const above = `ID above ${formatCents(threshold, { wholeDollars: true })}`;
  return where && threshold !== KYC_THRESHOLD_CENTS ? `${where}: ${above}` : above;
}

/**
 * What the rule will ask of this seller, one sentence per requirement: the ID (before any payment,
 * or above an amount), the signed statement of ownership where the rule asks for it, and the hold.
 */
export function sellerRuleSentences(rule: CombinedRule): string[] {
  const sentences = [idSentence(rule)];
  if (rule.signedStatement) {
    sentences.push(
      `${ruleAsks(rule.fieldSources.signedStatement, 'a signed statement that the items are yours')} before we can pay you.`,
    );
  }
  sentences.push(holdSentence(rule));
  return sentences;
}

export type SellerRuleText = { ok: true; stateName: string; title: string; sentences: string[] } | { ok: false; message: string };

/** The rule a seller whose address is in `sellerState` will be paid under, with parcels received in `vaultState`. */
export function sellerRuleText(sellerState: string, vaultState: string): SellerRuleText {
  const lookup = submissionRuleFor(sellerState, vaultState);
  if (!lookup.ok) return lookup;
  const code = normaliseStateCode(sellerState);
  const stateName = (code && stateNames.get(code)) ?? sellerState.trim().toUpperCase();
  return { ok: true, stateName, title: `Selling from ${stateName}`, sentences: sellerRuleSentences(lookup.rule) };
}

export interface PublishedRules {
  /** What a seller in a state without a row of its own is asked. */
  general: string[];
  /** Each state whose row asks more, with what it asks. */
  exceptions: { code: RuleCode; name: string; sentences: string[] }[];
}

/**
 * The FAQ's reading of the whole table: the general rule (DEFAULT combined with the vault's row),
 * then every state that asks more than it, each with its own sentences.
 */
export function publishedRules(vaultState: string): PublishedRules {
  const vault = ruleFor(vaultState);
  // The configuration refuses a receiving address without a state code, so DEFAULT is only a fallback.
  const vaultRow = vault.ok ? vault.rule : defaultJurisdictionRule();
  const combine = (row: JurisdictionRule) => strictestRule(row, vaultRow);
  const general = sellerRuleSentences(combine(defaultJurisdictionRule()));
  const exceptions = JURISDICTION_RULES.filter((row) => row.code !== 'DEFAULT')
    .map((row) => ({ code: row.code, name: row.name, sentences: sellerRuleSentences(combine(row)) }))
    .filter((state) => state.sentences.join(' ') !== general.join(' '));
  return { general, exceptions };
}
