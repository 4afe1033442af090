import { userInitials, type CurrentUser } from '@assay/domain';

/** 'Jane Doe'; the e-mail when no name is known. */
export function userFullName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || user.email || 'User';
}

/** The initials in a circle and the full name (truncated when long). */
export function UserSummary({ user }: { user: CurrentUser }) {
  const name = userFullName(user);
  return (
    <div className="flex min-w-0 items-center gap-2">
      <span
        data-testid="user-initials"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gold-500 text-sm font-bold text-navy-950 ring-2 ring-white"
      >
        {userInitials(user)}
      </span>
      <span className="max-w-24 truncate text-sm font-medium text-foreground sm:max-w-48" title={name}>
        {name}
      </span>
    </div>
  );
}
