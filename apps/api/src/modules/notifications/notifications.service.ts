// In-app notifications and their e-mails. notify() and notifyAdmins() run inside the caller's
// transaction, so a notification (and its outbox e-mail) exists exactly when the change it reports
// was committed. Delivery is the outbox's job (outbox.service.ts).
import { NOTIFICATION_LIST_LIMIT, type NotificationKind } from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import type { EmailFact } from './email-layout.ts';
import { renderEmail } from './email-templates.ts';
import { enqueueEmail } from './outbox.repository.ts';
import {
  countUnreadOfUser,
  findUserContact,
  insertNotifications,
  listAdminContacts,
  listNotificationsOfUser,
  markReadOfUser,
  type NotificationRow,
} from './notifications.repository.ts';

export interface NotifyInput {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The e-mail's subject when it is not the title. */
  emailSubject?: string;
  /** Figures the HTML e-mail shows above its words. */
  emailFacts?: EmailFact[];
  submissionId?: string | null;
  /** Also send it by e-mail (through the outbox). */
  email?: boolean;
}

export type NotifyAdminsInput = Omit<NotifyInput, 'userId'>;

export function toNotificationDto(row: NotificationRow) {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    submissionId: row.submissionId,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function rowFor(userId: string, input: NotifyAdminsInput) {
  return {
    id: crypto.randomUUID(),
    userId,
    kind: input.kind,
    title: input.title,
    body: input.body,
    submissionId: input.submissionId ?? null,
  };
}

/** Tells one person; with `email`, also by e-mail to their account address. */
export async function notify(tx: DbOrTx, input: NotifyInput): Promise<NotificationRow> {
  const [row] = await insertNotifications(tx, [rowFor(input.userId, input)]);
  if (input.email) {
    const contact = await findUserContact(tx, input.userId);
    if (contact) {
      const message = renderEmail({ ...input, firstName: contact.firstName });
      await enqueueEmail(tx, { to: contact.email, ...message });
    }
  }
  return row!;
}

/** Tells every appraiser (users with isAdmin). */
export async function notifyAdmins(tx: DbOrTx, input: NotifyAdminsInput): Promise<NotificationRow[]> {
  const admins = await listAdminContacts(tx);
  const rows = await insertNotifications(
    tx,
    admins.map((admin) => rowFor(admin.id, input)),
  );
  if (input.email) {
    for (const admin of admins) {
      // No link: the submission's page is the client's; appraisers work from the admin mailbox.
      const message = renderEmail({ ...input, submissionId: null, firstName: admin.firstName });
      await enqueueEmail(tx, { to: admin.email, ...message });
    }
  }
  return rows;
}

export async function listNotifications({ db }: AppContext, viewer: Actor) {
  const [rows, unread] = await Promise.all([
    listNotificationsOfUser(db, viewer.id, NOTIFICATION_LIST_LIMIT),
    countUnreadOfUser(db, viewer.id),
  ]);
  return { unread, items: rows.map(toNotificationDto) };
}

/** Marks the caller's notifications read: the given ones, or all when `ids` is omitted. */
export async function markNotificationsRead({ db, clock }: AppContext, viewer: Actor, { ids }: { ids?: string[] }) {
  if (ids === undefined || ids.length > 0) await markReadOfUser(db, viewer.id, ids, clock.now());
  return { unread: await countUnreadOfUser(db, viewer.id) };
}
