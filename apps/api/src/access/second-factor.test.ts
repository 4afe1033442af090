import { describe, expect, test } from 'vitest';
import { mustEnrolSecondFactor, needsStepUp, type SecondFactorActor, STEP_UP_WINDOW_MS } from './second-factor.ts';

const now = new Date('2026-11-28T10:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const appraiser = (over: Partial<SecondFactorActor> = {}): SecondFactorActor => ({
  email: 'appraiser@assay.test',
  isAdmin: true,
  twoFactorEnabled: true,
  secondFactorAt: ago(60_000),
  ...over,
});
const required = { required: true, exemptEmails: new Set(['demo-admin@assay.example']) };
const optional = { required: false, exemptEmails: new Set<string>() };

describe('enrolment', () => {
  test('an appraiser without an authenticator must enrol where it is required, not where it is optional', () => {
    expect(mustEnrolSecondFactor(appraiser({ twoFactorEnabled: false }), required)).toBe(true);
    expect(mustEnrolSecondFactor(appraiser({ twoFactorEnabled: false }), optional)).toBe(false);
    expect(mustEnrolSecondFactor(appraiser(), required)).toBe(false);
  });

  test('clients and the exempt demo admin are never asked', () => {
    expect(mustEnrolSecondFactor(appraiser({ isAdmin: false, twoFactorEnabled: false }), required)).toBe(false);
    expect(mustEnrolSecondFactor(appraiser({ email: 'Demo-Admin@assay.example', twoFactorEnabled: false }), required)).toBe(
      false,
    );
  });
});

describe('step-up', () => {
  test('a code proved within the last 10 minutes is enough; at 10 minutes it is not', () => {
    expect(needsStepUp(appraiser({ secondFactorAt: ago(STEP_UP_WINDOW_MS - 1) }), required, now)).toBe(false);
    expect(needsStepUp(appraiser({ secondFactorAt: ago(STEP_UP_WINDOW_MS) }), required, now)).toBe(true);
    expect(needsStepUp(appraiser({ secondFactorAt: null }), required, now)).toBe(true);
  });

  test('a proof dated far in the future is not trusted', () => {
    expect(needsStepUp(appraiser({ secondFactorAt: ago(-STEP_UP_WINDOW_MS - 1) }), required, now)).toBe(true);
  });

  test('asked of whoever has an authenticator, even where it is optional; not of the exempt, nor of the unenrolled where optional', () => {
    expect(needsStepUp(appraiser({ secondFactorAt: null }), optional, now)).toBe(true);
    expect(needsStepUp(appraiser({ twoFactorEnabled: false, secondFactorAt: null }), optional, now)).toBe(false);
    expect(needsStepUp(appraiser({ email: 'demo-admin@assay.example', secondFactorAt: null }), required, now)).toBe(false);
  });
});
