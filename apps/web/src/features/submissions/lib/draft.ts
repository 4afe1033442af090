// 'Save Draft' (DECISIONS: "keeps the unfinished form in the browser and restores it"). Photos are
// not kept: they are files on this device, and an unsent upload URL expires in 15 minutes.
import {
  isWeightUnit,
  MAX_ITEMS_PER_SUBMISSION,
  submissionCategories,
  type SubmissionCategory,
  type WeightUnit,
} from '@assay/domain';

/** One item's answers, as typed. */
export interface DraftItem {
  category: SubmissionCategory | '';
  description: string;
  estimatedWeight: string;
  weightUnit: WeightUnit;
}

/** Item 1's answers at the top level, as before parcels had items; the items added after it in `items`. */
export interface SubmissionDraft extends DraftItem {
  items: DraftItem[];
  savedAt: string;
}

/** One draft per account, so people sharing a computer never see each other's. */
function draftKey(userId: string): string {
  return `assay:submission-draft:${userId}`;
}

function isCategory(value: unknown): value is SubmissionCategory {
  return typeof value === 'string' && (submissionCategories as readonly string[]).includes(value);
}

function draftItem(value: Partial<Record<keyof DraftItem, unknown>>): DraftItem {
  return {
    category: isCategory(value.category) ? value.category : '',
    description: typeof value.description === 'string' ? value.description : '',
    estimatedWeight: typeof value.estimatedWeight === 'string' ? value.estimatedWeight : '',
    weightUnit: typeof value.weightUnit === 'string' && isWeightUnit(value.weightUnit) ? value.weightUnit : 'grams',
  };
}

export function loadDraft(userId: string): SubmissionDraft | null {
  try {
    const raw = window.localStorage.getItem(draftKey(userId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Record<keyof SubmissionDraft, unknown>>;
    // A draft saved before items existed has none.
    const items = Array.isArray(value.items) ? (value.items as unknown[]).slice(0, MAX_ITEMS_PER_SUBMISSION - 1) : [];
    return {
      ...draftItem(value),
      items: items.map((item) => draftItem(item && typeof item === 'object' ? item : {})),
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
