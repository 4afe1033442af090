// Short, stable ways to refer to records and people on cards (SPEC 9 "Display", SPEC 2 header)
// without showing whole ids or leaking a customer's name to the admin list.
import { CUSTOMER_LABEL_ID_LENGTH, SHORT_ID_LENGTH } from './limits.ts';

/** The last 8 characters of an id (the whole id when shorter). */
export function shortId(id: string): string {
  return id.slice(-SHORT_ID_LENGTH);
}

/** 'Customer #' and the last 4 characters of the user id. */
export function customerLabel(userId: string): string {
  return `Customer #${userId.slice(-CUSTOMER_LABEL_ID_LENGTH)}`;
}

interface NamedUser {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
}

/** Upper-case first letters of first and last name; 'U' when there is neither (SPEC 2). */
export function userInitials(user: NamedUser | null | undefined): string {
  const initials = [user?.firstName, user?.lastName]
    .map((name) => name?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
  return initials || 'U';
}

/** First and last name joined; empty when there is neither. */
export function userFullName(user: NamedUser | null | undefined): string {
  return [user?.firstName?.trim(), user?.lastName?.trim()].filter(Boolean).join(' ');
}

/** Bank numbers are never shown in full (DECISIONS "Payouts"): '••••6789'. */
export function maskAccountNumber(accountNumber: string): string {
  const digits = accountNumber.trim();
  return digits.length <= 4 ? digits : `••••${digits.slice(-4)}`;
}
