// In-app notifications behind the header's bell (DECISIONS "Notifications and e-mail"):
// GET /api/notifications and POST /api/notifications/read. The kind tells the browser which icon
// to show; `kind` stays a plain string on the way out so an older page shows a newer kind too.
import { z } from 'zod';
import { idSchema } from './common.ts';

export const notificationKinds = [
  'submission_created',
  'submission_received',
  'offer_ready',
  'payout_recorded',
  /** An appraiser marked the payout sent, with the bank or PayPal reference. */
  'payout_sent',
  'photos_requested',
  'id_verification_requested',
  /** To appraisers: a client sent ID details to review. */
  'kyc_submitted',
  'consignment_requested',
  'kyc_reviewed',
  'item_returned',
  /** A new version of an offer (re-issued, answered, or a counter-offer taken): says what changed. */
  'offer_updated',
  /** 48 h and 8 h before an offer lapses. */
  'offer_reminder',
  /** To appraisers: a seller countered an offer. */
  'counter_offer_made',
  /** The item shipped back reached the client (DECISIONS "Returning"). */
  'return_delivered',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The bell lists at most this many, newest first; the unread count covers all of them. */
export const NOTIFICATION_LIST_LIMIT = 50;
/** One "mark read" call names at most this many notifications. */
export const MAX_NOTIFICATION_IDS = 200;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  submissionId: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  unread: z.number().int().nonnegative(),
  items: z.array(notificationSchema),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** Without ids (or without a body) every notification of the caller is marked read. */
export const markNotificationsReadSchema = z
  .object(
    {
      ids: z
        .array(idSchema('notification'), { error: 'ids must be a list of notification ids.' })
        .max(MAX_NOTIFICATION_IDS, `You can mark at most ${MAX_NOTIFICATION_IDS} notifications at once.`)
        .optional(),
    },
    { error: 'Send {} to mark everything read, or {"ids": [...]} for some notifications.' },
  )
  // A POST without any body arrives as null or undefined: it means "everything".
  .nullish();
export type MarkNotificationsReadInput = z.input<typeof markNotificationsReadSchema>;

export const markNotificationsReadResponseSchema = z.object({ unread: z.number().int().nonnegative() });
