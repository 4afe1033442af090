import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { keptEmpty } from './sealed.ts';
import { users } from './auth.ts';
import { submissions } from './submissions.ts';

/**
 * The seller's statement of ownership (DECISIONS "Compliance"; Fla. Stat. 538.32(2)(c)): the exact
 * words signed, their version, the typed name and where it was signed from. One signature per
 * submission and version: a signature is evidence and is never rewritten.
 */
export const sellerStatements = pgTable(
  'seller_statements',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'restrict' }),
    typedName: text('typed_name').notNull(),
    statementVersion: text('statement_version').notNull(),
    statementText: text('statement_text').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    // Sealed in encrypted_ip (lib/personal-data.ts); the clear column is kept empty by a CHECK.
    plaintextIp: text('ip'),
    encryptedIp: text('encrypted_ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('seller_statements_submission_version_idx').on(t.submissionId, t.statementVersion),
    index('seller_statements_user_idx').on(t.userId),
    index('seller_statements_signed_idx').on(sql`${t.signedAt} desc`),
    check('seller_statements_ip_sealed', keptEmpty(t.plaintextIp)),
  ],
);
