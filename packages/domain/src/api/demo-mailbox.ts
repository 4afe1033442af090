// GET /api/demo/mail: the outbox of a demo install, newest first (DECISIONS "Notifications and
// e-mail": without SMTP, e-mail is kept in an outbox that the demo mode can show).
import { z } from 'zod';

export const demoMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The HTML part as it would be sent; null when the text is withheld. */
  html: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type DemoMail = z.infer<typeof demoMailSchema>;

export const demoMailboxSchema = z.object({ messages: z.array(demoMailSchema) });
export type DemoMailbox = z.infer<typeof demoMailboxSchema>;
