import { describe, expect, test } from 'vitest';
import { pickLabelSubmission } from './pick-label-submission';

describe('pickLabelSubmission (the 1-click label)', () => {
  test('the newest submission still with the seller; never one we hold or are shipping back', () => {
    const at = (day: number) => `2030-01-0${day}T12:00:00.000Z`;
    const subs = [
      { id: 'old-new', status: 'new', createdAt: at(1) },
      { id: 'newer-new', status: 'new', createdAt: at(2) },
      { id: 'appraising', status: 'appraising', createdAt: at(3) },
      { id: 'returning', status: 'returning', createdAt: at(4) },
    ];
    expect(pickLabelSubmission(subs)?.id).toBe('newer-new');
    expect(pickLabelSubmission(subs.filter((s) => s.status !== 'new'))).toBeNull();
  });
});
