// Which photo goes in which slot, and the plain sentences for photos we cannot take. Pure, so the
// Uppy guard (submission-uppy.ts) and its tests share one reading of the rules.
import { acceptedImageTypes, MAX_IMAGE_BYTES, MAX_IMAGES_PER_SUBMISSION } from '@assay/domain';

const BYTES_PER_MB = 1024 * 1024;

/** "14 MB", "10.1 MB": rounded up, so a file just over the limit never reads as "10 MB". */
export function formatMegabytes(bytes: number): string {
  const mb = Math.ceil((bytes / BYTES_PER_MB) * 10) / 10;
  return `${mb} MB`;
}

/** The restriction under the slots, in the words a seller uses. */
export function photoRulesSentence(allowance: number = MAX_IMAGES_PER_SUBMISSION): string {
  const count =
    allowance >= MAX_IMAGES_PER_SUBMISSION
      ? `Up to ${MAX_IMAGES_PER_SUBMISSION} photos.`
      : `Up to ${allowance} more photo${allowance === 1 ? '' : 's'}.`;
  return `${count} JPEG, PNG, WebP or HEIC (iPhone photos), up to ${formatMegabytes(MAX_IMAGE_BYTES)} each.`;
}

export type CandidatePhoto = { name?: string; type?: string; extension?: string; size?: number | null };

const acceptedTypes: readonly string[] = acceptedImageTypes;

/** HEIC by its name too: some browsers give an iPhone photo no type at all. */
function isAcceptedType(file: CandidatePhoto): boolean {
  if (file.type && acceptedTypes.includes(file.type.replace(/;.*$/, '').toLowerCase())) return true;
  return (file.extension ?? '').toLowerCase() === 'heic';
}

/** Why this file cannot be one of the photos, as a sentence naming it; null when it can. */
export function photoRefusal(file: CandidatePhoto): string | null {
  const name = file.name || 'This file';
  // SPEC 5's restriction messages, filled in with words a seller uses (not MIME types), and then why.
  if (!isAcceptedType(file)) return `You can only upload: JPEG, PNG, WebP or HEIC photos. ${name} is not one of them.`;
  if (file.size != null && file.size > MAX_IMAGE_BYTES)
    return `${name} exceeds maximum allowed size of ${formatMegabytes(MAX_IMAGE_BYTES)} (it is ${formatMegabytes(file.size)}).`;
  return null;
}

/**
 * The slot a new photo takes: the one it was added through when that is still free, otherwise the
 * first free one (a photo dropped on the drop zone); null when every slot is taken.
 */
export function slotForPhoto<Slot extends string>(
  requested: string | undefined,
  freeSlots: readonly Slot[],
  taken: ReadonlySet<string>,
): Slot | null {
  const wanted = freeSlots.find((slot) => slot === requested && !taken.has(slot));
  return wanted ?? freeSlots.find((slot) => !taken.has(slot)) ?? null;
}

/** What to say when a selection had more photos than free slots: those added, and those left out by name. */
export function leftOutSentence(added: number, leftOut: readonly string[]): string | null {
  if (leftOut.length === 0) return null;
  const names = leftOut.join(', ');
  // SPEC 5's 'Cannot add more files' and 'You can only upload %{count} file(s)', then what was done.
  if (added === 0)
    return `Cannot add more files: all photo slots are full, so ${names} ${leftOut.length === 1 ? 'was' : 'were'} not added. Remove a photo to make room.`;
  return `You can only upload ${added} file(s): we added the first ${added === 1 ? 'one' : added}. Left out: ${names}.`;
}
