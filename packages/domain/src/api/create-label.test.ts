import { describe, expect, test } from 'vitest';
import { createLabelSchema } from './create-label.ts';

describe('createLabelSchema', () => {
  test('needs a submission id', () => {
    expect(createLabelSchema.parse({ submissionId: ' sub-1 ' })).toEqual({ submissionId: 'sub-1' });
    expect(createLabelSchema.safeParse({}).error?.issues[0]?.message).toBe('Please say which submission this is about.');
  });
});
