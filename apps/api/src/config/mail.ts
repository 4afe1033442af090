// E-mail: the SMTP server and the sender's address (without SMTP_URL e-mail stays in the outbox).
import { z } from 'zod';
import { emptyToUndefined } from './env.ts';

export const mailEnv = {
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Assay <no-reply@assay.example>')),
};
