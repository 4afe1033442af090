import { describe, expect, test } from 'vitest';
import {
  createUploadSchema,
  imageIdFromReference,
  imageThumbnailUrl,
  imageUrl,
  UPLOAD_URL_TTL_SECONDS,
  uploadMessages,
} from './uploads.ts';

describe('createUploadSchema', () => {
  test('an empty body asks for an item photo', () => {
    expect(createUploadSchema.parse({})).toEqual({ purpose: 'submission' });
  });

  test('keeps the purpose and the submission it is for', () => {
    expect(createUploadSchema.parse({ purpose: 'submission', submissionId: ' s-1 ' })).toEqual({
      purpose: 'submission',
      submissionId: 's-1',
    });
    expect(createUploadSchema.parse({ purpose: 'kyc' })).toEqual({ purpose: 'kyc' });
  });

  test.each([
    [{ purpose: 'avatar' }, "The photo's purpose must be 'submission', 'kyc' or 'intake'."],
    [{ purpose: 'kyc', submissionId: 's-1' }, 'An ID photo is not part of a submission.'],
    [{ submissionId: 'x'.repeat(129) }, 'That submission id is too long to be valid.'],
  ])('refuses %j', (body, message) => {
    expect(createUploadSchema.safeParse(body).error?.issues.map((i) => i.message)).toEqual([message]);
  });
});

describe('image addresses', () => {
  test('address and thumbnail address of an image', () => {
    expect(imageUrl('abc-123')).toBe('/api/objects/abc-123');
    expect(imageThumbnailUrl('abc-123')).toBe('/api/objects/abc-123?size=thumb');
  });

  test.each([
    ['3f1c9a52-2b6e-4c1e-9a57-0d9a1f3e2b10', '3f1c9a52-2b6e-4c1e-9a57-0d9a1f3e2b10'],
    ['/api/objects/3f1c9a52-2b6e-4c1e-9a57-0d9a1f3e2b10', '3f1c9a52-2b6e-4c1e-9a57-0d9a1f3e2b10'],
    ['  /api/objects/img_1  ', 'img_1'],
    ['/api/objects/img_1?size=thumb', null],
    ['/api/objects/../secrets', null],
    ['https://evil.example/api/objects/img_1', null],
    ['/objects/uploads/a.jpg', null],
    ['', null],
    ['/api/objects/', null],
    ['x'.repeat(129), null],
  ])('%s -> %s', (reference, id) => {
    expect(imageIdFromReference(reference)).toBe(id);
  });
});

test('an upload link lasts 15 minutes and the messages are the agreed sentences', () => {
  expect(UPLOAD_URL_TTL_SECONDS).toBe(900);
  expect(uploadMessages.unsupportedType).toBe('Only JPEG, PNG, WebP or HEIC photos are accepted.');
  expect(uploadMessages.unreadable).toBe('This photo could not be read. Please try another file.');
  expect(uploadMessages.tooLarge).toBe('This photo exceeds maximum allowed size of 10 MB');
});
