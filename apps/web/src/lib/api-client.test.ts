import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorCode, errorMessage } from './api-client';

const answer = (status: number, body: unknown) =>
  new ApiError(status, 'Bad Request', typeof body === 'string' ? body : JSON.stringify(body));

describe('errorMessage', () => {
  it('reads the sentences of a validation answer rather than its combined message', () => {
    const err = answer(400, {
      statusCode: 400,
      error: 'BAD_REQUEST',
      message:
        'Invalid body: finalOffer: The final offer must be more than $0.00.; actualWeight: The actual weight must be a number.',
      issues: [
        { path: 'finalOffer', message: 'The final offer must be more than $0.00.' },
        { path: 'actualWeight', message: 'The actual weight must be a number.' },
        { path: 'actualWeight', message: 'The actual weight must be a number.' },
      ],
    });
    expect(errorMessage(err)).toBe('The final offer must be more than $0.00. The actual weight must be a number.');
  });

  it("uses the server's message, a short text body, or the fallback", () => {
    expect(errorMessage(answer(409, { message: 'This submission is already "Returned".', issues: [] }))).toBe(
      'This submission is already "Returned".',
    );
    expect(errorMessage(answer(502, 'Bad gateway'))).toBe('Bad gateway');
    expect(errorMessage(answer(500, '<html>oops</html>'), 'Try later')).toBe('Try later');
    expect(errorMessage(answer(500, { error: 'X' }), 'Try later')).toBe('Try later');
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
  });

  it('finds the machine-readable code', () => {
    expect(apiErrorCode(answer(409, { error: 'KYC_REQUIRED', message: 'x' }))).toBe('KYC_REQUIRED');
    expect(apiErrorCode(new Error('nope'))).toBeUndefined();
  });
});
