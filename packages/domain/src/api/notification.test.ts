import { describe, expect, test } from 'vitest';
import { MAX_NOTIFICATION_IDS, markNotificationsReadSchema, notificationListSchema } from './notification.ts';

describe('markNotificationsReadSchema', () => {
  test('no body, {} or a list of ids', () => {
    expect(markNotificationsReadSchema.parse(undefined)).toBeUndefined();
    expect(markNotificationsReadSchema.parse(null)).toBeNull();
    expect(markNotificationsReadSchema.parse({})).toEqual({});
    expect(markNotificationsReadSchema.parse({ ids: [' n1 ', 'n2'] })).toEqual({ ids: ['n1', 'n2'] });
  });

  test('refuses wrong types and too many ids with a sentence', () => {
    const message = (input: unknown) => markNotificationsReadSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ ids: 'n1' })).toBe('ids must be a list of notification ids.');
    expect(message({ ids: [''] })).toBe('Please say which notification this is about.');
    expect(message({ ids: [5] })).toBe('Please say which notification this is about.');
    expect(message([1])).toBe('Send {} to mark everything read, or {"ids": [...]} for some notifications.');
    expect(message({ ids: Array.from({ length: MAX_NOTIFICATION_IDS + 1 }, (_, i) => `n${i}`) })).toBe(
      'You can mark at most 200 notifications at once.',
    );
  });
});

describe('notificationListSchema', () => {
  test('accepts kinds it does not know, so an older page still shows them', () => {
    const item = {
      id: 'n1',
      kind: 'something_new',
      title: 'T',
      body: 'B',
      submissionId: null,
      readAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    expect(notificationListSchema.parse({ unread: 1, items: [item] })).toEqual({ unread: 1, items: [item] });
  });
});
