// Who Assay is (DECISIONS "The honest offer", business identity): the legal name, street address,
// licences, insurer and per-parcel insured limit, and who appraises. Configuration supplies the
// strings; these functions read them and build what GET /api/business, the About page, the
// labels and every e-mail show. Example values (demo and development) are marked as examples.
import type { BusinessIdentity } from './rule-schemas.ts';
import { formatCents } from './money.ts';

export interface BusinessLicence {
  authority: string;
  number: string;
}

export interface BusinessAppraiser {
  name: string;
  credential: string;
}

/** The marker example values carry wherever they show. */
export const EXAMPLE_MARKER = '(example)';

/** The fictional identity demo mode and development run with (each value says it is an example). */
export const EXAMPLE_BUSINESS = {
  legalName: `Example Assay Buyers LLC ${EXAMPLE_MARKER}`,
  address: 'Example Assay Buyers LLC (example), 100 Example Way, Suite 200, Wilmington, DE 19801',
  licences: `Example State Precious Metals Dealer Board: EX-0000-0000 ${EXAMPLE_MARKER}`,
  insurer: `Example Mutual Insurance Co. ${EXAMPLE_MARKER}`,
  appraisers: `Alex Example, GIA Graduate Gemologist ${EXAMPLE_MARKER}; Sam Sample, Certified Precious Metals Appraiser ${EXAMPLE_MARKER}`,
} as const;

const splitEntries = (value: string) =>
  value
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

/** "Authority: number; Authority: number" -> licences; null when an entry is not "Authority: number". */
export function parseLicences(value: string): BusinessLicence[] | null {
  const licences: BusinessLicence[] = [];
  for (const entry of splitEntries(value)) {
    const at = entry.indexOf(':');
    const authority = at > 0 ? entry.slice(0, at).trim() : '';
    const number = at > 0 ? entry.slice(at + 1).trim() : '';
    if (!authority || !number) return null;
    licences.push({ authority, number });
  }
  return licences;
}

/** "Name, credential; Name, credential" -> appraisers; null when an entry is not "Name, credential". */
export function parseAppraisers(value: string): BusinessAppraiser[] | null {
  const appraisers: BusinessAppraiser[] = [];
  for (const entry of splitEntries(value)) {
    const at = entry.indexOf(',');
    const name = at > 0 ? entry.slice(0, at).trim() : '';
    const credential = at > 0 ? entry.slice(at + 1).trim() : '';
    if (!name || !credential) return null;
    appraisers.push({ name, credential });
  }
  return appraisers;
}

/** The configured strings (already checked by the configuration) as the public identity. */
export function buildBusinessIdentity(input: {
  legalName: string;
  address: string;
  licences: string;
  insurer: string;
  appraisers: string;
  insuredLimitCents: number;
  guarantee: { floorPercent: number; goodwillCents: number };
  example: boolean;
}): BusinessIdentity {
  return {
    legalName: input.legalName.trim(),
    address: input.address.trim(),
    licences: parseLicences(input.licences) ?? [],
    insurer: input.insurer.trim(),
    insuredLimitCents: input.insuredLimitCents,
    appraisers: parseAppraisers(input.appraisers) ?? [],
    guarantee: { ...input.guarantee },
    example: input.example,
  };
}

/** The landing page's 'Insured Shipping' badge line: "Insured up to $25,000 by <insurer>". */
export function insuredBadgeText(identity: Pick<BusinessIdentity, 'insuredLimitCents' | 'insurer'>): string {
  return `Insured up to ${formatCents(identity.insuredLimitCents, { wholeDollars: true })} by ${identity.insurer}`;
}

/** The landing page's 'Expert Appraisers' badge line: "Appraised by <name>, <credential>". */
export function appraisersBadgeText(identity: Pick<BusinessIdentity, 'appraisers'>): string | null {
  const [first] = identity.appraisers;
  return first ? `Appraised by ${first.name}, ${first.credential}` : null;
}

/**
 * The address without its leading name ("100 Example Way, Suite 200, Wilmington, DE 19801"), for
 * showing under the legal name, which already says who.
 */
export function streetAddress(oneLineAddress: string): string {
  const parts = oneLineAddress.split(',').map((part) => part.trim());
  return parts.length > 1 ? parts.slice(1).join(', ') : oneLineAddress.trim();
}

/** The lines every e-mail ends with: who sent it and where the business is. */
export function businessSignatureLines(identity: Pick<BusinessIdentity, 'legalName' | 'address'>): string[] {
  return [identity.legalName, streetAddress(identity.address)];
}

/**
 * The web app's page for one submission (apps/web's paths.client.submission has the same shape;
 * its test checks): e-mails link here, and the page asks a visitor to sign in first.
 */
export function submissionPagePath(submissionId: string): string {
  return `/client/submissions/${encodeURIComponent(submissionId)}`;
}
