import { describe, expect, test } from 'vitest';
import {
  businessDateOf,
  JURISDICTION_RULES,
  RULES_VERSION,
  holdUntil,
  identityRequired,
  isHoldOver,
  jurisdictionRuleTableSchema,
  ruleFor,
  strictestRule,
  submissionRuleFor,
  type JurisdictionRule,
} from './compliance-rules.ts';
import { US_STATE_CODES, normaliseStateCode } from './us-states.ts';
import { KYC_THRESHOLD_CENTS } from './kyc.ts';

function rule(code: string): JurisdictionRule {
  const row = JURISDICTION_RULES.find((candidate) => candidate.code === code);
  if (row) return row;
  const found = ruleFor(code);
  if (!found.ok) throw new Error(found.message);
  return found.rule;
}

/** A made-up row, to try the combination on figures the real table does not have. */
function row(overrides: Partial<JurisdictionRule>): JurisdictionRule {
  return { ...rule('FL'), ...overrides };
}

describe('the rule table (data in the repository)', () => {
  test('every row is complete, codes are unique and DEFAULT is present', () => {
    const parsed = jurisdictionRuleTableSchema.safeParse(JURISDICTION_RULES);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  test('covers FL, CA, NY, TX, NC and DEFAULT, each effective from a date no later than the version', () => {
    expect(JURISDICTION_RULES.map((row) => row.code).sort()).toEqual(['CA', 'DEFAULT', 'FL', 'NC', 'NY', 'TX']);
    for (const row of JURISDICTION_RULES) expect(row.effectiveFrom <= RULES_VERSION).toBe(true);
  });

  test('the schema refuses an incomplete row, a duplicate code and a table without DEFAULT', () => {
    const florida = rule('FL');
    const { holdDays: _dropped, ...withoutHold } = florida;
    expect(jurisdictionRuleTableSchema.safeParse([withoutHold, rule('DEFAULT')]).success).toBe(false);
    expect(jurisdictionRuleTableSchema.safeParse([florida, florida, rule('DEFAULT')]).success).toBe(false);
    expect(jurisdictionRuleTableSchema.safeParse([florida]).success).toBe(false);
    expect(
      jurisdictionRuleTableSchema.safeParse([{ ...florida, source: { ...florida.source, url: null } }, rule('DEFAULT')]).success,
    ).toBe(false);
    expect(
      jurisdictionRuleTableSchema.safeParse([
        { ...florida, report: { format: 'none', deadline: { unit: 'hours', value: 24 } } },
        rule('DEFAULT'),
      ]).success,
    ).toBe(false);
  });

  test("the issue's figures: Florida ID and statement before any payment with a 10-day hold; California 7 days; New York City 15", () => {
    expect(rule('FL')).toMatchObject({ idBeforePayment: { kind: 'always' }, signedStatement: true, holdDays: 10 });
    expect(rule('CA').holdDays).toBe(7);
    expect(rule('NY').holdDays).toBe(15);
  });

  test("DEFAULT asks SPEC's identity rule and no statement, and keeps the table's longest hold and retention", () => {
    const fallback = rule('DEFAULT');
    expect(fallback.idBeforePayment).toEqual({ kind: 'above', amountCents: KYC_THRESHOLD_CENTS });
    expect(fallback.signedStatement).toBe(false);
    for (const row of JURISDICTION_RULES) {
      const combined = strictestRule(fallback, row);
      expect(combined.holdDays).toBe(fallback.holdDays);
      expect(combined.retentionYears).toBe(fallback.retentionYears);
      // A researched row asks at least as much identity as DEFAULT.
      expect(combined.idBeforePayment).toEqual(row.idBeforePayment);
    }
  });
});

describe('US state codes', () => {
  test('50 states and DC, unique', () => {
    expect(US_STATE_CODES).toHaveLength(51);
    expect(new Set(US_STATE_CODES).size).toBe(51);
    expect(US_STATE_CODES).toContain('DC');
  });

  test.each([
    [' fl ', 'FL'],
    ['ny', 'NY'],
    ['ZZ', null],
    ['', null],
    ['Florida', null],
  ])('%j -> %j', (input, expected) => {
    expect(normaliseStateCode(input)).toBe(expected);
  });
});

describe('ruleFor', () => {
  test('a state with a row gets its row', () => {
    expect(rule('tx').code).toBe('TX');
  });

  test('a US state without a row gets DEFAULT', () => {
    expect(rule('OH').code).toBe('DEFAULT');
    expect(rule('DC').code).toBe('DEFAULT');
  });

  test('a territory or military code that an address accepts gets DEFAULT', () => {
    expect(rule('PR').code).toBe('DEFAULT');
    expect(rule('ae').code).toBe('DEFAULT');
  });

  test('an unknown code is a sentence for the API', () => {
    expect(ruleFor('ZZ')).toEqual({ ok: false, message: 'We do not know the state code "ZZ"; use a two-letter US state code.' });
    expect(ruleFor('DEFAULT')).toMatchObject({ ok: false });
  });
});

describe('strictestRule (seller and vault, field by field)', () => {
  test('Florida seller, California vault: Florida hold and retention, either ID, the earliest report', () => {
    const combined = strictestRule(rule('FL'), rule('CA'));
    expect(combined).toMatchObject({
      rulesVersion: RULES_VERSION,
      codes: ['FL', 'CA'],
      idBeforePayment: { kind: 'always' },
      signedStatement: true,
      holdDays: 10,
      retentionYears: 3,
    });
    expect(combined.fieldSources.holdDays).toBe('FL');
    expect(combined.fieldSources.idBeforePayment).toBe('FL');
  });

  test('ID always beats an amount, and the lower amount wins', () => {
    const above500 = row({ code: 'TX', idBeforePayment: { kind: 'above', amountCents: 50_000 } });
    const above100 = row({ code: 'NC', idBeforePayment: { kind: 'above', amountCents: 10_000 } });
    const never = row({ code: 'CA', idBeforePayment: { kind: 'never' } });
    expect(strictestRule(above500, rule('FL')).idBeforePayment).toEqual({ kind: 'always' });
    expect(strictestRule(above500, rule('FL')).fieldSources.idBeforePayment).toBe('FL');
    expect(strictestRule(above500, above100).idBeforePayment).toEqual({ kind: 'above', amountCents: 10_000 });
    expect(strictestRule(above500, above100).fieldSources.idBeforePayment).toBe('NC');
    expect(strictestRule(never, above500).idBeforePayment).toEqual({ kind: 'above', amountCents: 50_000 });
  });

  test('a statement if either asks; the longer hold and retention', () => {
    const lax = row({ code: 'TX', signedStatement: false, holdDays: 3, retentionYears: 1 });
    const strict = row({ code: 'NY', signedStatement: true, holdDays: 15, retentionYears: 6 });
    const combined = strictestRule(lax, strict);
    expect(combined).toMatchObject({ signedStatement: true, holdDays: 15, retentionYears: 6 });
    expect(combined.fieldSources).toMatchObject({ signedStatement: 'NY', holdDays: 'NY', retentionYears: 'NY' });
    expect(strictestRule(lax, row({ code: 'NC', signedStatement: false })).signedStatement).toBe(false);
  });

  test('the shorter report deadline wins; any report beats none; hours beat the same number of business days', () => {
    const none = row({ code: 'TX', report: { format: 'none', deadline: null } });
    const in48h = row({ code: 'NC', report: { format: 'state-form', deadline: { unit: 'hours', value: 48 } } });
    const in24h = row({ code: 'CA', report: { format: 'leadsonline', deadline: { unit: 'hours', value: 24 } } });
    const in1BusinessDay = row({ code: 'NY', report: { format: 'state-form', deadline: { unit: 'business-days', value: 1 } } });
    expect(strictestRule(none, in48h).report).toEqual(in48h.report);
    expect(strictestRule(in48h, none).fieldSources.report).toBe('NC');
    expect(strictestRule(in48h, in24h).report).toEqual(in24h.report);
    expect(strictestRule(in1BusinessDay, in24h).fieldSources.report).toBe('CA');
    expect(strictestRule(in48h, in1BusinessDay).fieldSources.report).toBe('NY');
    expect(strictestRule(none, none).report).toEqual({ format: 'none', deadline: null });
  });

  test('a tie is credited to the first argument (the seller)', () => {
    expect(strictestRule(rule('CA'), rule('NC')).fieldSources.holdDays).toBe('CA');
  });

  test('submissionRuleFor picks both rows, or says which code is unknown', () => {
    const picked = submissionRuleFor('oh', 'FL');
    expect(picked.ok && picked.rule.codes).toEqual(['DEFAULT', 'FL']);
    expect(submissionRuleFor('FL', 'XX')).toEqual({
      ok: false,
      message: 'We do not know the state code "XX"; use a two-letter US state code.',
    });
  });
});

describe('identityRequired', () => {
  test.each([
    [{ kind: 'always' } as const, 0, true],
    [{ kind: 'never' } as const, 10_000_000, false],
    [{ kind: 'above', amountCents: 50_000 } as const, 50_000, false],
    [{ kind: 'above', amountCents: 50_000 } as const, 50_001, true],
  ])('%j for %i cents -> %j', (requirement, amount, expected) => {
    expect(identityRequired({ idBeforePayment: requirement }, amount)).toBe(expected);
  });

  test('refuses an amount that is not whole cents', () => {
    expect(() => identityRequired(rule('FL'), 12.5)).toThrow(RangeError);
    expect(() => identityRequired(rule('FL'), -1)).toThrow(RangeError);
  });
});

describe('holdUntil (calendar days, end of the day in the business time zone)', () => {
  test('Florida, received Nov 1 in New York: held through the end of Nov 11 (the receipt day is not counted)', () => {
    const received = new Date('2026-11-01T15:00:00Z');
    const until = holdUntil(received, rule('FL'), 'America/New_York');
    expect(until.toISOString()).toBe('2026-11-12T04:59:59.999Z');
    expect(isHoldOver(until, new Date('2026-11-12T04:59:59.999Z'))).toBe(false);
    expect(isHoldOver(until, new Date('2026-11-12T05:00:00.000Z'))).toBe(true);
  });

  test('the local day decides: 23:30 in Los Angeles is already the next day in UTC', () => {
    const received = new Date('2026-06-01T06:30:00Z'); // May 31, 23:30 in Los Angeles
    expect(holdUntil(received, { holdDays: 7 }, 'America/Los_Angeles').toISOString()).toBe('2026-06-08T06:59:59.999Z');
    expect(holdUntil(received, { holdDays: 7 }, 'UTC').toISOString()).toBe('2026-06-08T23:59:59.999Z');
  });

  test('across the change to summer time the hold still ends at local midnight', () => {
    const received = new Date('2026-03-01T17:00:00Z');
    expect(holdUntil(received, { holdDays: 10 }, 'America/New_York').toISOString()).toBe('2026-03-12T03:59:59.999Z');
  });

  test('no hold: free from the receipt', () => {
    const received = new Date('2026-11-01T15:00:00Z');
    expect(holdUntil(received, { holdDays: 0 }, 'UTC')).toEqual(received);
  });

  test('refuses an invalid date', () => {
    expect(() => holdUntil(new Date('nope'), rule('FL'), 'UTC')).toThrow(RangeError);
  });
});

describe('businessDateOf', () => {
  test('an instant late in the evening in New York is already tomorrow in UTC', () => {
    expect(businessDateOf(new Date('2026-11-25T03:00:00Z'), 'America/New_York')).toBe('2026-11-24');
    expect(businessDateOf(new Date('2026-11-25T03:00:00Z'), 'UTC')).toBe('2026-11-25');
  });
});
