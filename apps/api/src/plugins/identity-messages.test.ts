import { describe, expect, it } from 'vitest';
import { humaniseIdentityError, identitySentences } from './identity-messages.ts';

const sentences = identitySentences('https://assay.example/app');
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('humaniseIdentityError', () => {
  it('turns a foreign origin into a sentence that names the real site', () => {
    const body = humaniseIdentityError(
      403,
      'application/json',
      json({ code: 'INVALID_ORIGIN', message: 'Invalid origin' }),
      sentences,
    );
    expect(body).toEqual({
      statusCode: 403,
      error: 'INVALID_ORIGIN',
      message:
        "This request came from a page that is not Assay's. Open https://assay.example in your browser and try again from there.",
    });
  });

  it("keeps better-auth's message for a code it does not know", () => {
    expect(
      humaniseIdentityError(400, 'application/json', json({ code: 'SOMETHING_NEW', message: 'New thing' }), sentences)?.message,
    ).toBe('New thing');
  });

  it('leaves successes and non-JSON answers alone', () => {
    expect(humaniseIdentityError(200, 'application/json', json({ code: 'INVALID_ORIGIN' }), sentences)).toBeNull();
    expect(humaniseIdentityError(302, null, Buffer.alloc(0), sentences)).toBeNull();
    expect(humaniseIdentityError(400, 'application/json', Buffer.from('{not json'), sentences)).toBeNull();
  });
});
