// DECISIONS "Compliance": a rule table per jurisdiction, as data in the repository with the statute
// each figure comes from. The seller's state and the vault's state each pick a row; the strictest of
// the two applies, field by field. A figure we could not confirm in the statute's text is set to the
// stricter choice and says so in the row's `note`, so nobody mistakes a guess for the law.
import { z } from 'zod';
import { isUsStateCode } from './api/shipping-address.ts';
import { dateFormat } from './day-formats.ts';
import { KYC_THRESHOLD_CENTS } from './kyc.ts';
import { US_STATES, normaliseStateCode, type StateCode } from './us-states.ts';

/**
 * The table's version. A change of any figure gets a new version (and the changed rows a new
 * `effectiveFrom`), so a submission that stored the rule it was received under can be explained later.
 */
export const RULES_VERSION = '2026-11-24';

export type RuleCode = StateCode | 'DEFAULT';

/** Before any payment: always, only above an amount (strictly above, like the KYC threshold), or never. */
export type IdRequirement = { kind: 'always' } | { kind: 'above'; amountCents: number } | { kind: 'never' };

export const REPORT_FORMATS = ['leadsonline', 'state-form', 'none'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export type ReportDeadline = { unit: 'hours'; value: number } | { unit: 'business-days'; value: number };

export interface ReportRule {
  format: ReportFormat;
  /** After the purchase; null when no report is due (format 'none'). */
  deadline: ReportDeadline | null;
}

/** What a submission must satisfy: a jurisdiction's row, or the strictest of two rows. */
export interface ComplianceRequirements {
  idBeforePayment: IdRequirement;
  signedStatement: boolean;
  /** Calendar days the item is kept as received: no melt, resale or consignment before they pass. */
  holdDays: number;
  report: ReportRule;
  retentionYears: number;
}

export interface JurisdictionRule extends ComplianceRequirements {
  code: RuleCode;
  name: string;
  /** YYYY-MM-DD: the day this row's figures apply in Assay from (a later row for the code replaces it). */
  effectiveFrom: string;
  /** The statute (section and title) and its official text; DEFAULT has no statute, so no URL. */
  source: { citation: string; url: string | null };
  /** What we could not confirm and the stricter figure chosen instead. */
  note?: string;
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is written YYYY-MM-DD.');
const wholeNonNegative = z.number().int().nonnegative();

const idRequirementSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('always') }),
  z.object({ kind: z.literal('above'), amountCents: z.number().int().positive() }),
  z.object({ kind: z.literal('never') }),
]);

const reportDeadlineSchema = z.object({ unit: z.enum(['hours', 'business-days']), value: z.number().int().positive() });

export const jurisdictionRuleSchema = z
  .object({
    code: z.enum(['DEFAULT', ...US_STATES.map((state) => state.code)]),
    name: z.string().min(2),
    effectiveFrom: isoDate,
    idBeforePayment: idRequirementSchema,
    signedStatement: z.boolean(),
    holdDays: wholeNonNegative,
    report: z.object({ format: z.enum(REPORT_FORMATS), deadline: reportDeadlineSchema.nullable() }),
    retentionYears: z.number().int().positive(),
    source: z.object({ citation: z.string().min(10), url: z.url({ protocol: /^https$/ }).nullable() }),
    note: z.string().min(10).optional(),
  })
  .strict()
  .refine((rule) => (rule.report.format === 'none') === (rule.report.deadline === null), {
    message: 'A report has a deadline exactly when it has a format.',
  })
  .refine((rule) => (rule.code === 'DEFAULT') === (rule.source.url === null), {
    message: 'Every state row links to its statute; only DEFAULT has none.',
  });

export const jurisdictionRuleTableSchema = z
  .array(jurisdictionRuleSchema)
  .refine((rows) => new Set(rows.map((row) => row.code)).size === rows.length, { message: 'Each code appears once.' })
  .refine((rows) => rows.some((row) => row.code === 'DEFAULT'), { message: 'The table has a DEFAULT row.' });

const ALL_FROM = RULES_VERSION;

export const JURISDICTION_RULES: readonly JurisdictionRule[] = [
  {
    code: 'FL',
    name: 'Florida',
    effectiveFrom: ALL_FROM,
    idBeforePayment: { kind: 'always' },
    signedStatement: true,
    holdDays: 10,
    report: { format: 'leadsonline', deadline: { unit: 'hours', value: 24 } },
    retentionYears: 3,
    source: {
      citation: 'Fla. Stat. 538.31-538.37 (secondhand dealers: mail-in secondhand precious metals dealers)',
      url: 'https://www.leg.state.fl.us/Statutes/index.cfm?App_mode=Display_Statute&URL=0500-0599/0538/0538.html',
    },
    note:
      '538.32(2): no payment before the seller gives name, address, ID number and the sworn statement ending ' +
      '"I declare under penalty of perjury that the foregoing is true and correct."; 538.32(3): the record goes to ' +
      'law enforcement within 24 hours of the contract, in an electronic format agreed with the agency ' +
      '(LeadsOnline-style assumed); 538.35: no disposal within 10 calendar days. Part III names no retention ' +
      'period we could confirm: 3 years, as Part I (538.04) asks of transaction forms.',
  },
  {
    code: 'CA',
    name: 'California',
    effectiveFrom: ALL_FROM,
    idBeforePayment: { kind: 'always' },
    signedStatement: true,
    holdDays: 7,
    report: { format: 'state-form', deadline: { unit: 'hours', value: 24 } },
    retentionYears: 3,
    source: {
      citation: 'Cal. Bus. & Prof. Code 21625-21647 (secondhand dealers; 21628 daily reports to CAPSS, 21636.1 seven-day hold)',
      url: 'https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=BPC&sectionNum=21636.1',
    },
    note:
      '21636.1 counts the 7 days from the day the report reaches CAPSS, so the report must go out the day of the ' +
      'purchase for this hold to be enough. 21628 asks for a daily report with the seller identified: read as ' +
      'within 24 hours. The seller certification and the 3-year retention (21628 keeps some records 3 years, ' +
      '21629 too) are the stricter choice where we could not confirm the general rule.',
  },
  {
    code: 'NY',
    name: 'New York (New York City rules)',
    effectiveFrom: ALL_FROM,
    idBeforePayment: { kind: 'always' },
    signedStatement: true,
    holdDays: 15,
    report: { format: 'state-form', deadline: { unit: 'hours', value: 24 } },
    retentionYears: 6,
    source: {
      citation: 'N.Y.C. Admin. Code 20-264-20-273 (dealers in second-hand articles; 20-268 hold, 20-273 records)',
      url: 'https://codelibrary.amlegal.com/codes/newyorkcity/latest/NYCadmin/0-0-0-33260',
    },
    note:
      'New York City law applied to the whole state (the stricter choice; we found no statewide rule). 20-268(e): ' +
      'articles bought for melting are kept 15 days after the purchase (a council bill to make it 30 was not ' +
      'confirmed as law); 20-273(b): an electronic record for the police, kept 6 years. The ID document, the ' +
      'signed statement and the 24-hour report deadline (rules of 38 RCNY chapter 21) are the stricter choice, ' +
      'not confirmed.',
  },
  {
    code: 'TX',
    name: 'Texas',
    effectiveFrom: ALL_FROM,
    idBeforePayment: { kind: 'always' },
    signedStatement: true,
    holdDays: 11,
    report: { format: 'state-form', deadline: { unit: 'hours', value: 24 } },
    retentionYears: 3,
    source: {
      citation: 'Tex. Occ. Code 1956.051-1956.069 (crafted precious metal dealers; 1956.062-1956.064)',
      url: 'https://statutes.capitol.texas.gov/Docs/OC/htm/OC.1956.htm',
    },
    note:
      '1956.064: no melting or disposal before the 11th day after the report is filed; we hold 11 days so a report ' +
      "filed the day after the purchase is still covered. 1956.062: the record carries the seller's personal " +
      'identification document; 1956.063(d): the report is kept until its third anniversary. The signed ' +
      'statement and the 24-hour report deadline are the stricter choice, not confirmed.',
  },
  {
    code: 'NC',
    name: 'North Carolina',
    effectiveFrom: ALL_FROM,
    idBeforePayment: { kind: 'always' },
    signedStatement: true,
    holdDays: 7,
    report: { format: 'state-form', deadline: { unit: 'hours', value: 48 } },
    retentionYears: 2,
    source: {
      citation: 'N.C. Gen. Stat. 66-405-66-419 (precious metals dealers; 66-410 records to be kept)',
      url: 'https://www.ncleg.gov/EnactedLegislation/Statutes/HTML/BySection/Chapter_66/GS_66-410.html',
    },
    note:
      "66-410: the record carries the seller's driver licence number and signature (the signed statement is how a " +
      'mail-in seller signs it), is filed with local law enforcement within 48 hours and kept 2 years. The hold ' +
      'period of the current text was not confirmed: the 1981 Act held items 5 days (N.C. Attorney General ' +
      'opinion, 1983); we hold 7.',
  },
  {
    code: 'DEFAULT',
    name: 'Any other state',
    effectiveFrom: ALL_FROM,
    // SPEC's own identity rule (KYC above the threshold), so a state with no mail-in dealer law of
    // its own asks what every seller is asked; a state that asks more has its own row.
    idBeforePayment: { kind: 'above', amountCents: KYC_THRESHOLD_CENTS },
    signedStatement: false,
    holdDays: 15,
    report: { format: 'leadsonline', deadline: { unit: 'hours', value: 24 } },
    retentionYears: 6,
    source: { citation: "No statute researched: SPEC's identity rule, and the table's longest hold and retention", url: null },
    note:
      'Identity as SPEC asks of every seller (an ID above the KYC threshold) and no signed statement, so that ' +
      'sellers in states without a row are not asked more than SPEC asks; the longest hold (15 days), the ' +
      'shortest report deadline (24 hours) and the longest retention (6 years) of the table, which cost a seller nothing.',
  },
];

const rulesByCode: ReadonlyMap<RuleCode, JurisdictionRule> = new Map(JURISDICTION_RULES.map((rule) => [rule.code, rule]));

/** The table's own row for a code, if it has one (DEFAULT included). */
export function jurisdictionRow(code: RuleCode): JurisdictionRule | undefined {
  return rulesByCode.get(code);
}

/** The row for sellers outside the states the table names. */
export function defaultJurisdictionRule(): JurisdictionRule {
  const rule = rulesByCode.get('DEFAULT');
  if (!rule) throw new Error('The compliance rule table has no DEFAULT row.');
  return rule;
}

export type RuleLookup = { ok: true; rule: JurisdictionRule } | { ok: false; message: string };

/**
 * The row for a state; a US state without a row of its own gets DEFAULT, and so do the territory and
 * military codes a shipping address accepts (PR, GU, AE...): they have no state row, and DEFAULT
 * asks there what SPEC asks every seller.
 */
export function ruleFor(stateCode: string): RuleLookup {
  const code = normaliseStateCode(stateCode);
  if (code === null) {
    if (isUsStateCode(stateCode.trim().toUpperCase())) return { ok: true, rule: defaultJurisdictionRule() };
    return {
      ok: false,
      message: `We do not know the state code ${JSON.stringify(stateCode.trim())}; use a two-letter US state code.`,
    };
  }
  return { ok: true, rule: rulesByCode.get(code) ?? defaultJurisdictionRule() };
}

/** Which row each field of a combined rule came from, so the appraiser can be told why. */
export interface CombinedRule extends ComplianceRequirements {
  rulesVersion: string;
  codes: readonly [RuleCode, RuleCode];
  fieldSources: { [Field in keyof ComplianceRequirements]: RuleCode };
}

function idRank(requirement: IdRequirement): number {
  if (requirement.kind === 'always') return 2;
  return requirement.kind === 'above' ? 1 : 0;
}

/** True when `a` asks for ID on at least every payment `b` does. */
function idAtLeastAsStrict(a: IdRequirement, b: IdRequirement): boolean {
  if (a.kind === 'above' && b.kind === 'above') return a.amountCents <= b.amountCents;
  return idRank(a) >= idRank(b);
}

/**
 * The shortest time each deadline can mean. A business day is never shorter than 24 hours, so
 * "1 business day" compares as 24 hours, and on a tie the clock deadline wins: it never ends later.
 */
function deadlineHoursAtLeast(deadline: ReportDeadline): number {
  return deadline.unit === 'hours' ? deadline.value : deadline.value * 24;
}

/** True when report `a` is due no later than report `b` (any report beats none). */
function reportAtLeastAsStrict(a: ReportRule, b: ReportRule): boolean {
  if (b.deadline === null) return true;
  if (a.deadline === null) return false;
  const aHours = deadlineHoursAtLeast(a.deadline);
  const bHours = deadlineHoursAtLeast(b.deadline);
  if (aHours !== bHours) return aHours < bHours;
  return a.deadline.unit === 'hours' || b.deadline.unit === 'business-days';
}

/**
 * The strictest of the seller's and the vault's rows, field by field: ID always beats an amount and the
 * lower amount wins; a statement if either asks; the longer hold; the earlier report; the longer
 * retention. On a tie the field is credited to the first argument (pass the seller's row first).
 */
export function strictestRule(a: JurisdictionRule, b: JurisdictionRule): CombinedRule {
  const id = idAtLeastAsStrict(a.idBeforePayment, b.idBeforePayment) ? a : b;
  const statement = a.signedStatement || !b.signedStatement ? a : b;
  const hold = a.holdDays >= b.holdDays ? a : b;
  const report = reportAtLeastAsStrict(a.report, b.report) ? a : b;
  const retention = a.retentionYears >= b.retentionYears ? a : b;
  return {
    rulesVersion: RULES_VERSION,
    codes: [a.code, b.code],
    idBeforePayment: id.idBeforePayment,
    signedStatement: statement.signedStatement,
    holdDays: hold.holdDays,
    report: report.report,
    retentionYears: retention.retentionYears,
    fieldSources: {
      idBeforePayment: id.code,
      signedStatement: statement.code,
      holdDays: hold.code,
      report: report.code,
      retentionYears: retention.code,
    },
  };
}

export type CombinedRuleLookup = { ok: true; rule: CombinedRule } | { ok: false; message: string };

/** The rule a submission is received under: the seller's state and the receiving (vault) state. */
export function submissionRuleFor(sellerState: string, vaultState: string): CombinedRuleLookup {
  const seller = ruleFor(sellerState);
  if (!seller.ok) return seller;
  const vault = ruleFor(vaultState);
  if (!vault.ok) return vault;
  return { ok: true, rule: strictestRule(seller.rule, vault.rule) };
}

/** Whether a payment of this amount must wait for the seller's approved ID. */
export function identityRequired(rule: Pick<ComplianceRequirements, 'idBeforePayment'>, amountCents: number): boolean {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`An amount in cents is a whole number of at least 0, not ${amountCents}.`);
  }
  const requirement = rule.idBeforePayment;
  if (requirement.kind === 'always') return true;
  if (requirement.kind === 'never') return false;
  return amountCents > requirement.amountCents;
}

const MS_PER_DAY = 86_400_000;

export function localDateParts(at: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = dateFormat({ timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(at);
  const pick = (type: 'year' | 'month' | 'day') => Number(parts.find((part) => part.type === type)?.value);
  return { year: pick('year'), month: pick('month'), day: pick('day') };
}

/** The calendar day an instant falls on in the zone, as 'YYYY-MM-DD'. */
export function businessDateOf(at: Date, timeZone: string): string {
  const { year, month, day } = localDateParts(at, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** How far the zone's wall clock is ahead of UTC at this instant, in milliseconds. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = dateFormat({
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const pick = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  const wallClock = Date.UTC(pick('year'), pick('month') - 1, pick('day'), pick('hour'), pick('minute'), pick('second'));
  return wallClock - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the zone's calendar reaches this date's midnight (DST-safe: the offset is re-read there). */
export function zonedMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const asUtc = Date.UTC(year, month - 1, day);
  const first = asUtc - zoneOffsetMs(new Date(asUtc), timeZone);
  return new Date(asUtc - zoneOffsetMs(new Date(first), timeZone));
}

/**
 * The last instant of the hold: the end of the calendar day `holdDays` days after the start day, in the
 * business's time zone (an IANA name such as 'America/New_York'). The start day itself is not counted
 * (as courts count days, and as the N.C. Attorney General counts the dealers' hold), so an item received
 * on Nov 1 under a 10-day hold may be melted from Nov 12. Pass the purchase date when it is later than
 * the receipt: several statutes count from the purchase or its report. No hold: the start instant.
 */
export function holdUntil(receivedAt: Date, rule: Pick<ComplianceRequirements, 'holdDays'>, timeZone: string): Date {
  if (Number.isNaN(receivedAt.getTime())) throw new RangeError('The receipt date is not a valid date.');
  if (rule.holdDays === 0) return new Date(receivedAt.getTime());
  const start = localDateParts(receivedAt, timeZone);
  const dayAfterHold = new Date(Date.UTC(start.year, start.month - 1, start.day) + (rule.holdDays + 1) * MS_PER_DAY);
  const midnight = zonedMidnight(
    dayAfterHold.getUTCFullYear(),
    dayAfterHold.getUTCMonth() + 1,
    dayAfterHold.getUTCDate(),
    timeZone,
  );
  return new Date(midnight.getTime() - 1);
}

/** Whether an item received under this hold may now be melted, resold or consigned. */
export function isHoldOver(holdEndsAt: Date, now: Date): boolean {
  return now.getTime() > holdEndsAt.getTime();
}
