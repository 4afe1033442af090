// The signed statement of ownership (Fla. Stat. 538.32(2)(c) and the rows of compliance-rules.ts that
// ask for one). The text is versioned: a signature stores the version it was given, so a later change
// of words never rewrites what a seller swore to.
import { z } from 'zod';

export const SELLER_STATEMENT_VERSION = '2026-11-24';

/**
 * `{sellerName}` and `{submission}` are filled by `sellerStatementText`. The last sentence is the
 * wording Florida requires word for word.
 */
export const SELLER_STATEMENT_TEMPLATE =
  'I, {sellerName}, am of lawful age (18 or older). I am the lawful owner of the items I sent to Assay in ' +
  'submission {submission}, and I have absolute authority to sell them. The name, address, driver licence or ' +
  'other government-issued identification number and other identifying information I gave Assay are true ' +
  'and correct. I declare under penalty of perjury that the foregoing is true and correct.';

export interface SellerStatementParts {
  sellerName: string;
  /** How the seller knows the submission, e.g. its number on the page. */
  submission: string;
}

export function sellerStatementText(parts: SellerStatementParts): string {
  const sellerName = parts.sellerName.trim();
  const submission = parts.submission.trim();
  if (sellerName === '' || submission === '') throw new RangeError("The statement needs the seller's name and the submission.");
  // Replacer functions: a name is text, never a replacement pattern ("$&" stays "$&").
  return SELLER_STATEMENT_TEMPLATE.replace('{sellerName}', () => sellerName).replace('{submission}', () => submission);
}

export const SIGNED_NAME_MIN = 2;
export const SIGNED_NAME_MAX = 100;

export const statementMessages = {
  nameMissing: 'Please type your full name to sign the statement.',
  nameTooShort: `Your typed name needs at least ${SIGNED_NAME_MIN} characters.`,
  nameTooLong: `Your typed name can be at most ${SIGNED_NAME_MAX} characters.`,
  nameMismatch: 'The typed name must be the name on your account. Type it as it appears there to sign.',
  versionChanged: 'This statement has changed since you opened it. Please read the new text and sign again.',
} as const;

/** Case and spacing do not matter ("  jane  DOE" signs for "Jane Doe"); letters, accents included, do. */
function comparableName(name: string): string {
  return name.normalize('NFKC').toLocaleLowerCase('en-US').replace(/\s+/gu, '');
}

export function signedNameMatchesAccount(typedName: string, accountName: string): boolean {
  const typed = comparableName(typedName);
  return typed !== '' && typed === comparableName(accountName);
}

/** The body of "sign the statement": what the route validates before it knows the account. */
export const signSellerStatementSchema = z.object({
  typedName: z
    .string({ error: statementMessages.nameMissing })
    .trim()
    .min(1, { error: statementMessages.nameMissing, abort: true })
    .min(SIGNED_NAME_MIN, statementMessages.nameTooShort)
    .max(SIGNED_NAME_MAX, statementMessages.nameTooLong),
  statementVersion: z.literal(SELLER_STATEMENT_VERSION, { error: statementMessages.versionChanged }),
});

export type SignSellerStatementInput = z.infer<typeof signSellerStatementSchema>;

/** The same body, checked against the signed-in account's name as well. */
export function signSellerStatementSchemaFor(accountName: string) {
  return signSellerStatementSchema.refine((input) => signedNameMatchesAccount(input.typedName, accountName), {
    message: statementMessages.nameMismatch,
    path: ['typedName'],
  });
}
