import { describe, expect, it } from 'vitest';
import { JURISDICTION_RULES, strictestRule, type JurisdictionRule } from './compliance-rules.ts';
import { formatHoldDay, holdRefusalMessage, holdViewOf, paymentRequirementsOf } from './compliance-gate.ts';
import { KYC_THRESHOLD_CENTS } from './kyc.ts';

const row = (code: string): JurisdictionRule => JURISDICTION_RULES.find((rule) => rule.code === code)!;
const TZ = 'America/New_York';

describe('paymentRequirementsOf', () => {
  it('names Florida and its statute when Florida asks for both', () => {
    expect(paymentRequirementsOf(strictestRule(row('FL'), row('FL')), 50_000)).toEqual({
      identityRequired: true,
      statementRequired: true,
      reason: 'Florida law (Fla. Stat. 538.31-538.37) requires your ID and a signed statement before we can pay you.',
    });
  });

  it('names each row when the two requirements come from different rows', () => {
    const seller: JurisdictionRule = { ...row('FL'), idBeforePayment: { kind: 'never' }, signedStatement: false };
    const rule = strictestRule(seller, row('CA'));
    expect(paymentRequirementsOf(rule, 100).reason).toBe(
      'California law (Cal. Bus. & Prof. Code 21625-21647) requires your ID and a signed statement before we can pay you.',
    );
    const mixed = strictestRule({ ...row('FL'), signedStatement: false }, { ...row('CA'), idBeforePayment: { kind: 'never' } });
    expect(paymentRequirementsOf(mixed, 100).reason).toBe(
      'Florida law (Fla. Stat. 538.31-538.37) requires your ID and California law (Cal. Bus. & Prof. Code 21625-21647) ' +
        'requires a signed statement before we can pay you.',
    );
  });

  it('says our own rule for states without a row, and nothing when nothing is asked', () => {
    // DEFAULT asks what SPEC asks every seller: an ID above the KYC threshold, no statement.
    const rule = strictestRule(row('DEFAULT'), row('DEFAULT'));
    expect(paymentRequirementsOf(rule, 100)).toEqual({ identityRequired: false, statementRequired: false, reason: null });
    expect(paymentRequirementsOf(rule, KYC_THRESHOLD_CENTS + 1)).toMatchObject({
      identityRequired: true,
      statementRequired: false,
    });
    expect(paymentRequirementsOf(rule, KYC_THRESHOLD_CENTS + 1).reason).toBe(
      'Our rule for sellers outside the states we have reviewed asks for your ID before we can pay you.',
    );
    const lax: JurisdictionRule = {
      ...row('FL'),
      idBeforePayment: { kind: 'above', amountCents: 100_000 },
      signedStatement: false,
    };
    expect(paymentRequirementsOf(strictestRule(lax, lax), 100_000)).toEqual({
      identityRequired: false,
      statementRequired: false,
      reason: null,
    });
    expect(paymentRequirementsOf(strictestRule(lax, lax), 100_001).identityRequired).toBe(true);
  });
});

describe('holds', () => {
  const rule = { ...strictestRule(row('FL'), row('FL')), timeZone: TZ };
  // Received Nov 18 (New York): ten days, Nov 18 not counted, end of Nov 28.
  const until = new Date('2026-11-29T04:59:59.999Z');

  it('reads the day on the business calendar', () => {
    expect(formatHoldDay(until, TZ)).toBe('Nov 28');
  });

  it('refuses a melt in one sentence naming the day, the state and the days', () => {
    expect(holdRefusalMessage(until, rule, 'melt', TZ)).toBe(
      'This item is on hold until Nov 28 (Florida: 10 days); it cannot be melted before then.',
    );
    expect(holdRefusalMessage(until, rule, 'consign', TZ)).toContain('it cannot be consigned before then.');
  });

  it('shows the mailbox the hold, over only after its last instant', () => {
    expect(holdViewOf(until, rule, new Date('2026-11-28T12:00:00Z'))).toEqual({
      until: until.toISOString(),
      label: 'Hold until Nov 28',
      basis: 'Florida: 10 days',
      over: false,
    });
    expect(holdViewOf(until, rule, new Date('2026-11-29T05:00:00Z'))?.over).toBe(true);
    expect(holdViewOf(null, null, new Date())).toBeNull();
  });
});
