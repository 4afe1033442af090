// Who Assay is and what it promises: the legal name, addresses, licences, insurer and appraisers,
// how long an offer stands, how long a parcel's prices stay locked, the parcels' insured limit, the
// guaranteed floor and the support contacts.
import {
  ADDRESS_NAME_MAX_LENGTH,
  DEFAULT_GUARANTEE_FLOOR_PERCENT,
  DEFAULT_GUARANTEE_GOODWILL_CENTS,
  DEFAULT_LOCK_DAYS,
  MAX_LOCK_DAYS,
  parseAppraisers,
  parseLicences,
  parseOneLineAddress,
} from '@assay/domain';
import { z } from 'zod';
import { emptyToUndefined, optionalString } from './env.ts';

export const businessEnv = {
  /** How many days an offer stays valid (DECISIONS "The honest offer": default 7). */
  OFFER_VALID_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(90).default(7)),
  /** How many days the spot prices stay locked from the carrier's first scan of a parcel (issue 27: default 7). */
  LOCK_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: `LOCK_DAYS must be a whole number of days, like ${DEFAULT_LOCK_DAYS}` })
      .int(`LOCK_DAYS must be a whole number of days, like ${DEFAULT_LOCK_DAYS}`)
      .min(1, 'LOCK_DAYS must be at least 1 day')
      .max(MAX_LOCK_DAYS, `LOCK_DAYS must be at most ${MAX_LOCK_DAYS} days`)
      .default(DEFAULT_LOCK_DAYS),
  ),
  RECEIVING_ADDRESS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('Assay Receiving, 100 Assay Way, Suite 200, Wilmington, DE 19801')
      // Printed on every label: refuse at start what would print as a broken address.
      .refine((value) => parseOneLineAddress(value) !== null, {
        message: 'RECEIVING_ADDRESS must read "Name, Street, [Suite,] City, ST 12345" (a US address, no other commas)',
      }),
  ),
  // Whole dollars: the most one parcel is insured for (declared to the carrier, on the packing slip).
  INSURED_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'INSURED_LIMIT must be a whole number of dollars, like 25000' })
      .int('INSURED_LIMIT must be a whole number of dollars, like 25000')
      .min(1, 'INSURED_LIMIT must be at least 1 dollar')
      .max(10_000_000, 'INSURED_LIMIT must be at most 10000000 dollars')
      .default(25000),
  ),
  // The guaranteed floor (issue 27 item 2): its share of the quote's low end, and the goodwill.
  GUARANTEE_FLOOR_PERCENT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'GUARANTEE_FLOOR_PERCENT must be a whole percent, like 90' })
      .int('GUARANTEE_FLOOR_PERCENT must be a whole percent, like 90')
      .min(1, 'GUARANTEE_FLOOR_PERCENT must be at least 1')
      .max(100, 'GUARANTEE_FLOOR_PERCENT must be at most 100')
      .default(DEFAULT_GUARANTEE_FLOOR_PERCENT),
  ),
  GUARANTEE_GOODWILL_CENTS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'GUARANTEE_GOODWILL_CENTS must be a whole number of cents, like 2500' })
      .int('GUARANTEE_GOODWILL_CENTS must be a whole number of cents, like 2500')
      .min(0, 'GUARANTEE_GOODWILL_CENTS cannot be negative')
      .max(100_000, 'GUARANTEE_GOODWILL_CENTS must be at most 100000 ($1,000)')
      .default(DEFAULT_GUARANTEE_GOODWILL_CENTS),
  ),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email().default('support@assay.example')),
  SUPPORT_PHONE: z.preprocess(emptyToUndefined, z.string().default('1-800-555-0199')),
  // Who Assay is (DECISIONS, business identity). Unset outside production: example values, marked.
  BUSINESS_LEGAL_NAME: z.preprocess(
    emptyToUndefined,
    z
      .string()
      // Printed as the business's name on every label.
      .max(
        ADDRESS_NAME_MAX_LENGTH,
        `BUSINESS_LEGAL_NAME must be at most ${ADDRESS_NAME_MAX_LENGTH} characters (it is printed on labels)`,
      )
      .optional(),
  ),
  BUSINESS_ADDRESS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => parseOneLineAddress(value) !== null, {
        message: 'BUSINESS_ADDRESS must read "Name, Street, [Suite,] City, ST 12345" (a US address, no other commas)',
      })
      .optional(),
  ),
  BUSINESS_LICENCES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => parseLicences(value) !== null, {
        message: 'BUSINESS_LICENCES must read "Authority: number", several separated by ";"',
      })
      .optional(),
  ),
  INSURER_NAME: optionalString,
  APPRAISERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => parseAppraisers(value) !== null, {
        message: 'APPRAISERS must read "Name, credential", several separated by ";"',
      })
      .optional(),
  ),
};
