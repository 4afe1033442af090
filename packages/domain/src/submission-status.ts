// A submission's life (DECISIONS "Submissions and their life"): the server refuses any other
// move with a 409, and the cards and counters read the same definitions, so the rule exists once.
import { z } from 'zod';

export const submissionStatuses = ['new', 'appraising', 'offered', 'completed', 'returning', 'returned'] as const;
export const submissionStatusSchema = z.enum(submissionStatuses, {
  error: 'Status must be one of new, appraising, offered, completed, returning or returned.',
});
export type SubmissionStatus = z.infer<typeof submissionStatusSchema>;

export function isSubmissionStatus(value: string): value is SubmissionStatus {
  return (submissionStatuses as readonly string[]).includes(value);
}

/** Awaiting appraisal (SPEC 4: pending means new or appraising). */
export const pendingStatuses = ['new', 'appraising'] as const satisfies readonly SubmissionStatus[];

export function isPendingStatus(status: string | null | undefined): boolean {
  return status === 'new' || status === 'appraising';
}

/** Submissions an appraiser can still act on (ask for photos or ID, return). */
export const openStatuses = ['new', 'appraising', 'offered'] as const satisfies readonly SubmissionStatus[];

export function isOpenStatus(status: string | null | undefined): boolean {
  return (openStatuses as readonly string[]).includes(status ?? '');
}

/**
 * While the client may still add photos (DECISIONS: after "Request More Photos", up to 4 in all):
 * until the parcel reaches us (issue 27 item 9). Receiving it moves 'new' on (to 'appraising', or
 * to 'offered' by SPEC's PUT), and from then on the appraiser's intake photos show the items.
 */
export const PHOTO_ADDABLE_STATUSES = ['new'] as const satisfies readonly SubmissionStatus[];

export function canAddPhotos(status: string | null | undefined): boolean {
  return (PHOTO_ADDABLE_STATUSES as readonly string[]).includes(status ?? '');
}

export const sellerPhotoMessages = {
  received:
    'We have received your parcel, so photos can no longer be added: our appraiser photographed your items as we opened the parcel.',
  closed: 'Photos can only be added before your parcel reaches us.',
} as const;

/** Why the seller cannot add photos now (the server's 409 and the page's note), or null while they can. */
export function sellerPhotosClosedReason(status: string | null | undefined): string | null {
  if (canAddPhotos(status)) return null;
  return status === 'appraising' || status === 'offered' ? sellerPhotoMessages.received : sellerPhotoMessages.closed;
}

/** Who may fire a transition: the submission's owner, or an appraiser (an admin). */
export type TransitionActor = 'owner' | 'appraiser';

export interface SubmissionTransition {
  readonly from: readonly SubmissionStatus[];
  readonly to: SubmissionStatus;
  readonly by: TransitionActor;
}

/**
 * Every status change there is, by name; the server writes a status only by firing one of these
 * (apps/api modules/submissions/submission-status.repository.ts), and the table of allowed moves
 * below is derived from them. Nothing leaves completed or returned, and a status never "moves" to
 * itself.
 */
export const submissionTransitions = {
  /** The parcel arrived: the 48-hour guarantee restarts. */
  receive: { from: ['new'], to: 'appraising', by: 'appraiser' },
  /** The appraiser's final offer (before or after the parcel was marked received). */
  offer: { from: ['new', 'appraising'], to: 'offered', by: 'appraiser' },
  /** The client accepts the offer and the payout is recorded. */
  acceptAndPay: { from: ['offered'], to: 'completed', by: 'owner' },
  /** The client says no to the offer; the item is shipped back (DECISIONS "Returning"). */
  decline: { from: ['offered'], to: 'returning', by: 'owner' },
  /** The appraiser sends back an item Assay holds; it is returning until it is delivered. */
  return: { from: ['appraising', 'offered'], to: 'returning', by: 'appraiser' },
  /** The appraiser closes a submission whose parcel never came: nothing to ship back. */
  closeUnreceived: { from: ['new'], to: 'returned', by: 'appraiser' },
  /** The item shipped back reached the client (an admin marks it, or later the carrier reports it). */
  markReturnDelivered: { from: ['returning'], to: 'returned', by: 'appraiser' },
} as const satisfies Record<string, SubmissionTransition>;

export type SubmissionTransitionName = keyof typeof submissionTransitions;

const transitionList: readonly SubmissionTransition[] = Object.values(submissionTransitions);

/** Where a status may go, in status order: the targets of the transitions that start from it. */
function targetsFrom(from: SubmissionStatus): readonly SubmissionStatus[] {
  return submissionStatuses.filter((to) => transitionList.some((t) => t.to === to && t.from.includes(from)));
}

/** Derived from submissionTransitions. */
export const statusTransitions: Record<SubmissionStatus, readonly SubmissionStatus[]> = {
  new: targetsFrom('new'),
  appraising: targetsFrom('appraising'),
  offered: targetsFrom('offered'),
  completed: targetsFrom('completed'),
  returning: targetsFrom('returning'),
  returned: targetsFrom('returned'),
};

export function allowedNextStatuses(from: string): readonly SubmissionStatus[] {
  return isSubmissionStatus(from) ? statusTransitions[from] : [];
}

export function canTransition(from: string, to: string): boolean {
  return isSubmissionStatus(to) && allowedNextStatuses(from).includes(to);
}

/** Refusal of a status change; the API maps it to 409 Conflict. */
export class StatusTransitionError extends Error {
  readonly from: string;
  readonly to: string;
  constructor(from: string, to: string) {
    super(transitionErrorMessage(from, to));
    this.name = 'StatusTransitionError';
    this.from = from;
    this.to = to;
  }
}

export function transitionErrorMessage(from: string, to: string): string {
  const badge = (status: string) => `"${statusBadgeLabel(status)}"`;
  if (from === to) return `This submission is already ${badge(from)}.`;
  return `A submission that is ${badge(from)} cannot be moved to ${badge(to)}.`;
}

/** Throws StatusTransitionError unless canTransition(from, to). */
export function assertTransition(from: string, to: string): asserts to is SubmissionStatus {
  if (!canTransition(from, to)) throw new StatusTransitionError(from, to);
}

export const statusBadgeLabels: Record<SubmissionStatus, string> = {
  new: 'New',
  appraising: 'Appraising',
  offered: 'Offer Ready',
  completed: 'Completed',
  returning: 'Returning',
  returned: 'Returned',
};

/** SPEC 4 badge: the known label, else the raw value, else 'Unknown' when empty. */
export function statusBadgeLabel(status: string | null | undefined): string {
  if (!status) return 'Unknown';
  return isSubmissionStatus(status) ? statusBadgeLabels[status] : status;
}
