import { describe, expect, it } from 'vitest';
import { providerSignInError } from './provider-sign-in-error';

describe('providerSignInError', () => {
  it('says nothing when the page was opened without an error', () => {
    expect(providerSignInError(null)).toBeNull();
    expect(providerSignInError('')).toBeNull();
  });

  it('explains a cancelled sign-in and offers to try again', () => {
    expect(providerSignInError('access_denied')).toEqual({
      message: 'Signing in at your identity provider was cancelled.',
      canRetry: true,
    });
  });

  it('points a person whose e-mail already has a password account to the password form', () => {
    expect(providerSignInError('account_not_linked')).toEqual({
      message: 'An Assay account already uses this e-mail address. Sign in below with its password.',
      canRetry: false,
    });
  });

  it('gives one sentence for every kind of bad or stale state', () => {
    const expired = providerSignInError('state_mismatch');
    expect(expired?.message).toMatch(/expired or was started in another browser/);
    expect(providerSignInError('state_not_found')).toEqual(expired);
    expect(providerSignInError('state_invalid')).toEqual(expired);
  });

  it('answers an unknown code with a general sentence, never the code itself', () => {
    for (const code of ['invalid_code', '<script>', 'toString', '__proto__']) {
      expect(providerSignInError(code)).toEqual({
        message: 'Signing in with your identity provider did not work. Please try again.',
        canRetry: true,
      });
    }
  });
});
