// better-auth's tables, written by hand because its CLI crashes on Node 20 (ARCHITECTURE.md).
// Property names are what better-auth's Drizzle adapter expects; columns are snake_case.
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PostalArea } from '../../lib/personal-data.ts';
import { keptEmpty, streetKeptOut } from './sealed.ts';

/** A postal address as printed on a label; validated by the shared schema before it is stored. */
export interface ShippingAddress {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  postalCode: string;
  phone?: string | null;
}

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isPremium: boolean('is_premium').notNull().default(false),
    // better-auth's two-factor plugin: set once the first code from the authenticator app is verified.
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    // Kept on the profile once asked for, so every later shipping label reuses it. Name, city, state
    // and ZIP in clear (the compliance gate reads the state); street lines and phone sealed in
    // encrypted_street (lib/personal-data.ts). The CHECK keeps them out of the jsonb.
    shippingAddress: jsonb('shipping_address').$type<PostalArea>(),
    encryptedStreet: text('encrypted_street'),
    ...timestamps,
  },
  (t) => [check('users_shipping_address_street_sealed', streetKeptOut(t.shippingAddress))],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    // better-auth's, kept empty: nothing reads a session's IP, and a copy of the database should
    // not say where each person signed in from (decision 028, amended; the CHECK below).
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    // When this session last proved the second factor (sign-in code, enrolment or step-up): the
    // money and identity decisions ask for one within the last minutes (access/second-factor.ts).
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), check('sessions_ip_address_not_kept', keptEmpty(t.ipAddress))],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

// better-auth's two-factor plugin: the authenticator's secret and the recovery codes, both encrypted
// by better-auth with SESSION_SECRET; one row per person who started enrolling.
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    // Assay's, not better-auth's: the 30-second time step of the last code accepted, so a code is
    // accepted once (RFC 6238 section 5.2; modules/users/totp-replay.ts). Null until the first.
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  },
  // One authenticator per person: better-auth looks it up by user.
  (t) => [uniqueIndex('two_factors_user_id_idx').on(t.userId)],
);

// Rate-limit counters live in the database so that limits hold across several app instances.
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// Password tries per account from all addresses, in the current hour (the account's ceiling,
// modules/users/sign-in-throttle.ts). Keyed by a hash of the lower-cased e-mail, so addresses that
// have no account are not kept in clear.
export const signInAttempts = pgTable('sign_in_attempts', {
  accountKey: text('account_key').primaryKey(),
  attempts: integer('attempts').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

// Password tries per account and client address (the growing delay). The client's address is
// kept only as a keyed hash (HMAC with the session secret), never in clear.
export const signInClientAttempts = pgTable(
  'sign_in_client_attempts',
  {
    accountKey: text('account_key').notNull(),
    clientKey: text('client_key').notNull(),
    attempts: integer('attempts').notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountKey, t.clientKey] }), index('sign_in_client_attempts_last_idx').on(t.lastAttemptAt)],
);
