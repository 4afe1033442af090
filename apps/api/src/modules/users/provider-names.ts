// The names Assay keeps for a person who signs in through the identity provider, read from the
// OpenID Connect standard claims (given_name, family_name, name).
import { NAME_MAX_LENGTH } from '@assay/domain';

// A type, not an interface: better-auth's mapProfileToUser wants a plain record.
export type ProviderNames = {
  /** better-auth's display name (required by its user table). */
  name: string;
  firstName: string | null;
  lastName: string | null;
};

function claim(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const clean = value.trim().replace(/\s+/g, ' ');
  return clean === '' ? null : clean;
}

/**
 * Cut to NAME_MAX_LENGTH without splitting a character: a name longer than that must not stop a
 * person from signing in (sign-up rejects it), and half a surrogate pair is not storable text.
 */
function fitName(value: string | null): string | null {
  if (value === null) return null;
  let fitted = '';
  for (const character of value) {
    if (fitted.length + character.length > NAME_MAX_LENGTH) break;
    fitted += character;
  }
  return fitted.trimEnd();
}

/**
 * given_name and family_name when the provider sends either; otherwise the full `name` split at
 * its first space (first word the first name, the rest the last name).
 */
export function namesFromClaims(claims: Record<string, unknown>): ProviderNames {
  const given = claim(claims.given_name);
  const family = claim(claims.family_name);
  const full = claim(claims.name);
  let firstName = given;
  let lastName = family;
  if (given === null && family === null && full !== null) {
    const space = full.indexOf(' ');
    firstName = space === -1 ? full : full.slice(0, space);
    lastName = space === -1 ? null : full.slice(space + 1);
  }
  return {
    name: full ?? [given, family].filter((part) => part !== null).join(' '),
    firstName: fitName(firstName),
    lastName: fitName(lastName),
  };
}
