import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserByEmail, promoteAdmins, removeSecondFactor, setAdminFlag } from './users.repository.ts';

/** ADMIN_EMAILS is the standing list of appraisers: whoever is on it is an admin at every start. */
export function syncAdminEmails(db: Db, emails: string[]) {
  return promoteAdmins(db, emails);
}

async function existingUser(db: Db, email: string) {
  const user = await findUserByEmail(db, email.trim());
  if (!user) throw new AppError('NOT_FOUND', `No account uses the e-mail ${email}. The person must sign up first.`);
  return user;
}

export async function changeAdminRole(db: Db, email: string, grant: boolean) {
  const user = await existingUser(db, email);
  await setAdminFlag(db, user.id, grant);
  return { id: user.id, email: user.email, isAdmin: grant };
}

/** `npm run admin -- reset-2fa EMAIL`: a lost authenticator; the person enrols a new one at next sign-in. */
export async function resetSecondFactor(db: Db, email: string) {
  const user = await existingUser(db, email);
  await removeSecondFactor(db, user.id);
  return { id: user.id, email: user.email, hadSecondFactor: user.twoFactorEnabled };
}
