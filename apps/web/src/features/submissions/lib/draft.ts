// 'Save Draft' (DECISIONS: "keeps the unfinished form in the browser and restores it"). Photos are
// not kept: they are files on this device, and an unsent upload URL expires in 15 minutes.
import { isWeightUnit, submissionCategories, type SubmissionCategory, type WeightUnit } from '@assay/domain';

export interface SubmissionDraft {
  category: SubmissionCategory | '';
  description: string;
  estimatedWeight: string;
  weightUnit: WeightUnit;
  savedAt: string;
}

/** One draft per account, so people sharing a computer never see each other's. */
function draftKey(userId: string): string {
  return `assay:submission-draft:${userId}`;
}

function isCategory(value: unknown): value is SubmissionCategory {
  return typeof value === 'string' && (submissionCategories as readonly string[]).includes(value);
}

export function loadDraft(userId: string): SubmissionDraft | null {
  try {
    const raw = window.localStorage.getItem(draftKey(userId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Record<keyof SubmissionDraft, unknown>>;
    return {
      category: isCategory(value.category) ? value.category : '',
      description: typeof value.description === 'string' ? value.description : '',
      estimatedWeight: typeof value.estimatedWeight === 'string' ? value.estimatedWeight : '',
      weightUnit: typeof value.weightUnit === 'string' && isWeightUnit(value.weightUnit) ? value.weightUnit : 'grams',
      savedAt: typeof value.savedAt === 'string' ? value.savedAt : '',
    };
  } catch {
    // Storage disabled or a damaged entry: start with an empty form.
    return null;
  }
}

/** False when the browser refuses to store (private mode, quota). */
export function saveDraft(userId: string, draft: Omit<SubmissionDraft, 'savedAt'>): boolean {
  try {
    window.localStorage.setItem(draftKey(userId), JSON.stringify({ ...draft, savedAt: new Date().toISOString() }));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(userId: string): void {
  try {
    window.localStorage.removeItem(draftKey(userId));
  } catch {
    // nothing to clear
  }
}
