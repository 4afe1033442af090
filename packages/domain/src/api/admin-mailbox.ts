// The admin mailbox's contracts (SPEC 2 "Admin mailbox"): the paged list, the counts on the cards
// and tabs, one submission in full with its audit log, and the offer. Admins only; these shapes
// carry internal notes and must never be used for answers to clients.
import { z } from 'zod';
import type { PriceLockDto } from '../price-lock.ts';
import { dispositionSchema, holdStateSchema } from './compliance.ts';
import { offerHistoryShape } from './offer.ts';
import { submissionCategories } from '../submission-category.ts';
import { submissionStatuses } from '../submission-status.ts';
import { kycStatuses } from './kyc.ts';
import { submissionSchema } from './submission.ts';
import { transactionSchema } from './transaction.ts';
import { intakePhotoIdsSchema } from './intake.ts';
import { updateSubmissionSchema } from './update-submission.ts';

export const ADMIN_PAGE_SIZE_DEFAULT = 25;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** A cursor is base64url of a timestamp and an id; anything longer was not made by us. */
export const ADMIN_CURSOR_MAX_LENGTH = 400;

export const adminMessages = {
  badCursor: 'This page link is no longer valid.',
  staleVersion: 'This submission was changed by someone else. Reload and try again.',
} as const;

/** Query strings send "" for an unset filter; that means "no filter", not a bad value. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const adminStatusFilterSchema = z.enum(submissionStatuses, {
  error: 'Status must be one of new, appraising, offered, completed or returned.',
});
export const adminCategoryFilterSchema = z.enum(submissionCategories, {
  error: 'Category must be one of jewelry, scrap or gems.',
});

const pageSizeMessage = `limit must be a whole number from 1 to ${ADMIN_PAGE_SIZE_MAX}.`;

export const MAILBOX_SEARCH_MAX_LENGTH = 60;
export const mailboxSearchMessage =
  'Search by the submission number (the 8 characters after # on the card or the label) or by the tracking number.';

/**
 * What an appraiser types or scans to find a parcel: '#1a2b3c4d' (the short id on the card and
 * the label), a whole submission id, or a label's tracking number. Spaces and a leading '#' are
 * dropped; null when it cannot be any of those.
 */
export function normalizeMailboxSearch(text: string): string | null {
  const value = text.replace(/\s+/g, '').replace(/^#/, '');
  return /^[A-Za-z0-9-]{4,60}$/.test(value) ? value : null;
}

/** GET /api/admin/submissions?status=&category=&cursor=&limit= */
export const adminSubmissionListQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, adminStatusFilterSchema.optional()),
  category: z.preprocess(blankToUndefined, adminCategoryFilterSchema.optional()),
  cursor: z.preprocess(
    blankToUndefined,
    z.string({ error: adminMessages.badCursor }).max(ADMIN_CURSOR_MAX_LENGTH, adminMessages.badCursor).optional(),
  ),
  search: z.preprocess(
    blankToUndefined,
    z
      .string({ error: mailboxSearchMessage })
      .max(MAILBOX_SEARCH_MAX_LENGTH, mailboxSearchMessage)
      .transform((text, ctx) => {
        const value = normalizeMailboxSearch(text);
        if (value) return value;
        ctx.addIssue({ code: 'custom', message: mailboxSearchMessage });
        return z.NEVER;
      })
      .optional(),
  ),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: pageSizeMessage })
      .int(pageSizeMessage)
      .min(1, pageSizeMessage)
      .max(ADMIN_PAGE_SIZE_MAX, pageSizeMessage)
      .default(ADMIN_PAGE_SIZE_DEFAULT),
  ),
});
export type AdminSubmissionListQuery = z.input<typeof adminSubmissionListQuerySchema>;

/** The carrier's newest word on the inbound parcel (CARRIER=easypost; none for sample labels). */
export const parcelStateSchema = z.object({
  /** parcel-tracking.ts trackingStatuses: 'in_transit', 'delivered'... */
  status: z.string(),
  /** What the mailbox shows: "In transit", "Delivered, awaiting intake". */
  label: z.string(),
  /** The carrier's sentence: "Delivered: Delivered, front desk, Wilmington DE, Nov 24". */
  detail: z.string(),
  at: z.string(),
  /** Delivered to us and not yet received: an intake is waiting. */
  awaitingIntake: z.boolean(),
});
export type ParcelState = z.infer<typeof parcelStateSchema>;

const spotPriceText = z.string().regex(/^\d{1,7}(?:\.\d{1,4})?$/);

/** price-lock.ts's PriceLockDto: fine metal in USD per troy ounce, locked from `lockedAt` until `lockedUntil`. */
export const priceLockSchema = z.object({
  lockedAt: z.string(),
  lockedUntil: z.string(),
  spot: z.object({ gold: spotPriceText, silver: spotPriceText, platinum: spotPriceText, palladium: spotPriceText }),
}) satisfies z.ZodType<PriceLockDto>;

/** A submission as an appraiser sees it: the shared fields, internal notes and the card extras. */
export const adminSubmissionSchema = submissionSchema.extend({
  adminNotes: z.string().nullable(),
  /** 'Customer #' + the last 4 characters of the user id; the mailbox never shows names. */
  customerLabel: z.string(),
  /** SPEC 4: the guarantee deadline is at most 8 hours away (isNearingDeadline). */
  nearingDeadline: z.boolean(),
  /** Send it back with an offer; a newer version on the server means someone else changed it. */
  version: z.number().int(),
  receivedAt: z.string().nullable(),
  offeredAt: z.string().nullable(),
  consignmentRequestedAt: z.string().nullable(),
  /** Null until the carrier says something about the inbound parcel. */
  parcel: parcelStateSchema.nullable().optional(),
  /** DECISIONS "Compliance": received items only (null before receipt and for items received before the rules). */
  hold: holdStateSchema.nullable().optional(),
  /** When the rule stored at receipt asks for the seller's ID: "Florida: ID before any payment" (null before receipt). */
  idRule: z.string().nullable().optional(),
  /** A bought item melted, resold or consigned after its hold. */
  disposition: dispositionSchema.nullable().optional(),
  /** The spot prices locked at the parcel's first scan (issue 27); null before it. */
  priceLock: priceLockSchema.nullable().optional(),
});
export type AdminSubmission = z.infer<typeof adminSubmissionSchema>;

export const adminSubmissionPageSchema = z.object({
  items: z.array(adminSubmissionSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AdminSubmissionPage = z.infer<typeof adminSubmissionPageSchema>;

/** GET /api/admin/submissions/counts: the four cards and the category tabs. */
export const submissionCountsSchema = z.object({
  /** Status new. */
  new: z.number().int(),
  /** New or appraising, with the guarantee deadline in the next 8 hours. */
  nearingDeadline: z.number().int(),
  /** Status appraising. */
  appraising: z.number().int(),
  /** requiresKyc and still open (new, appraising or offered): the payout waits on an ID check. */
  kycRequired: z.number().int(),
  total: z.number().int(),
  byCategory: z.object({
    all: z.number().int(),
    scrap: z.number().int(),
    gems: z.number().int(),
    jewelry: z.number().int(),
  }),
});
export type SubmissionCounts = z.infer<typeof submissionCountsSchema>;

export const auditActorSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** Who did what to a submission and when. `changes` never holds internal notes. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()).nullable(),
  /** Null for the system, or when the person's account was deleted. */
  actor: auditActorSchema.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The customer's latest identity check, as the detail view shows it. */
export const customerKycSchema = z.object({
  status: z.enum(kycStatuses),
  recordId: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
});

/** GET /api/admin/submissions/{id} */
export const adminSubmissionDetailSchema = adminSubmissionSchema.extend({
  /** Oldest first. */
  auditLog: z.array(auditEntrySchema),
  customerKyc: customerKycSchema,
  /** The payout, once the client accepted the offer; its id is what "mark sent" needs. */
  transaction: transactionSchema.nullable(),
  /** The itemised offer (current version) and the versions before it, newest first. */
  ...offerHistoryShape,
});
export type AdminSubmissionDetail = z.infer<typeof adminSubmissionDetailSchema>;

/**
 * PUT /api/submissions/{id} as the admin form sends it: SPEC 7's fields plus an optional
 * `version` (from the list item) so a stale form cannot overwrite someone else's change.
 */
export const adminUpdateSubmissionSchema = updateSubmissionSchema.safeExtend({
  version: z
    .number({ error: 'version must be the whole number the submission was loaded with.' })
    .int('version must be the whole number the submission was loaded with.')
    .min(1, 'version must be the whole number the submission was loaded with.')
    .optional(),
  /** With status 'appraising' (the parcel arrived): intake photos, as for POST .../receive. */
  intakePhotoIds: intakePhotoIdsSchema.optional(),
});
export type AdminUpdateSubmissionInput = z.input<typeof adminUpdateSubmissionSchema>;
export type AdminUpdateSubmissionBody = z.output<typeof adminUpdateSubmissionSchema>;
