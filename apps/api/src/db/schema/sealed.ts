// CHECKs that keep personal data out of the clear columns it was moved from (issue 25 item 9,
// lib/personal-data.ts). Added NOT VALID by their migration: rows written before it are sealed by
// the start-up step (modules/encryption-keys/plaintext-sealing.service.ts), and from then on the
// database itself refuses a write that would put a street, a phone, a date of birth or an IP back.
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A stored address (jsonb) holds no street line or phone: those are sealed beside it. */
export const streetKeptOut = (address: PgColumn): SQL => sql`not (${address} ?| array['line1', 'line2', 'phone'])`;

/** A column emptied into its encrypted_* twin stays empty. */
export const keptEmpty = (column: PgColumn): SQL => sql`${column} is null`;
