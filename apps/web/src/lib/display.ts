import { statusBadgeLabel, submissionCategoryLabel, type Submission } from '@assay/domain';

/** Client-facing category label (SPEC 2, New Submission view). */
export function categoryLabel(category: string): string {
  return submissionCategoryLabel(category, 'short');
}

/** Admin mailbox category label (the names of its tabs). */
export function adminCategoryLabel(category: string): string {
  return submissionCategoryLabel(category, 'long');
}

export type StatusTone = 'info' | 'progress' | 'offer' | 'success' | 'neutral';

const statusTones: Record<string, StatusTone> = {
  new: 'info',
  appraising: 'progress',
  offered: 'offer',
  completed: 'success',
  returned: 'neutral',
};

/** SPEC 4: badge text per status (the shared rule) with its colour. */
export function statusBadge(status: string | null | undefined): { label: string; tone: StatusTone } {
  return { label: statusBadgeLabel(status), tone: (status && statusTones[status]) || 'neutral' };
}

/** '12.5 grams', '1 oz'. */
export function formatWeight(submission: Pick<Submission, 'estimatedWeight' | 'weightUnit'>): string {
  return `${submission.estimatedWeight} ${submission.weightUnit}`;
}

/** The small version of a stored photo (the server answers '?size=thumb' with a thumbnail). */
export function thumbnailUrl(url: string): string {
  if (!url.startsWith('/api/objects/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}size=thumb`;
}
