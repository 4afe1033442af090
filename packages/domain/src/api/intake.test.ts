import { describe, expect, test } from 'vitest';
import { intakeMessages, receiveSubmissionSchema } from './intake.ts';

const messages = (input: unknown) => receiveSubmissionSchema.safeParse(input).error?.issues.map((i) => i.message);

describe('receiveSubmissionSchema (intake photos)', () => {
  test('no body, an empty body and an empty list mean no photos', () => {
    expect(receiveSubmissionSchema.parse(undefined)).toEqual({});
    expect(receiveSubmissionSchema.parse(null)).toEqual({});
    expect(receiveSubmissionSchema.parse({ intakePhotoIds: [] })).toEqual({ intakePhotoIds: [] });
  });

  test('ids or their addresses, answered as bare ids', () => {
    expect(receiveSubmissionSchema.parse({ intakePhotoIds: ['a1', '/api/objects/b2'] })).toEqual({
      intakePhotoIds: ['a1', 'b2'],
    });
  });

  test('more than 8, a duplicate, a foreign address or not a list: one sentence', () => {
    expect(messages({ intakePhotoIds: Array.from({ length: 9 }, (_, i) => `p${i}`) })).toEqual([intakeMessages.tooMany]);
    expect(messages({ intakePhotoIds: ['a1', '/api/objects/a1'] })).toEqual([intakeMessages.duplicate]);
    expect(messages({ intakePhotoIds: ['https://evil.example/x.jpg'] })).toEqual([intakeMessages.badId]);
    expect(messages({ intakePhotoIds: 'a1' })).toEqual([intakeMessages.notAList]);
  });
});
