// The appraisers' second factor (decision 026), as rules: who must have enrolled an authenticator
// app before an admin route answers them, and which decisions ask for a code proved in the last
// minutes (a "step-up"). Pure: the guards in plugins/auth.ts ask these, with the session's actor.
import { AppError } from '../lib/app-error.ts';
import type { Actor } from './actor.ts';

/** How long a proved code lets a session approve identities, clear matches and move money. */
export const STEP_UP_WINDOW_MS = 10 * 60 * 1000;

export interface SecondFactorPolicy {
  /** STAFF_TWO_FACTOR=required (always in production): appraisers must enrol before admin work. */
  required: boolean;
  /** Lower-cased e-mails that need none: the demo admin, whose password is published anyway. */
  exemptEmails: ReadonlySet<string>;
}

export const secondFactorMessages = {
  enrol:
    'Appraisers must set up an authenticator app before using this area. Open the set-up page, scan the code with your app and enter the first code it shows.',
  stepUp: 'For your safety, enter the code from your authenticator app to confirm this action (asked at most every 10 minutes).',
} as const;

export type SecondFactorActor = Pick<Actor, 'email' | 'isAdmin' | 'twoFactorEnabled' | 'secondFactorAt'>;

function isExempt(actor: SecondFactorActor, policy: SecondFactorPolicy): boolean {
  return policy.exemptEmails.has(actor.email.toLowerCase());
}

/** Whether this appraiser must still enrol an authenticator before any admin route answers them. */
export function mustEnrolSecondFactor(actor: SecondFactorActor, policy: SecondFactorPolicy): boolean {
  return actor.isAdmin && policy.required && !actor.twoFactorEnabled && !isExempt(actor, policy);
}

/**
 * Whether a step-up decision needs a fresh code first. Asked of everyone with an authenticator
 * (a staff member who enrolled where it is optional too); not of an exempt demo admin, nor of
 * someone who has none where none is required (development and tests).
 */
export function needsStepUp(actor: SecondFactorActor, policy: SecondFactorPolicy, now: Date): boolean {
  if (isExempt(actor, policy)) return false;
  if (!actor.twoFactorEnabled) return policy.required;
  const provedAt = actor.secondFactorAt?.getTime();
  if (provedAt === undefined) return true;
  const age = now.getTime() - provedAt;
  // A proof dated in the future (a clock stepped back) is not trusted for longer than the window.
  return age < -STEP_UP_WINDOW_MS || age >= STEP_UP_WINDOW_MS;
}

export const secondFactorRequired = () => new AppError('SECOND_FACTOR_REQUIRED', secondFactorMessages.enrol);
export const stepUpRequired = () => new AppError('STEP_UP_REQUIRED', secondFactorMessages.stepUp);
