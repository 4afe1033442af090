import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserByEmail, promoteAdmins, setAdminFlag } from './users.repository.ts';

/** ADMIN_EMAILS is the standing list of appraisers: whoever is on it is an admin at every start. */
export function syncAdminEmails(db: Db, emails: string[]) {
  return promoteAdmins(db, emails);
}

export async function changeAdminRole(db: Db, email: string, grant: boolean) {
  const user = await findUserByEmail(db, email.trim());
  if (!user) throw new AppError('NOT_FOUND', `No account uses the e-mail ${email}. The person must sign up first.`);
  await setAdminFlag(db, user.id, grant);
  return { id: user.id, email: user.email, isAdmin: grant };
}
