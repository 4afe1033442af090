// ACH files (Nacha PPD): the company's standing with its bank, and the examples used outside
// production while a setting is unset.
import { isValidAbaRoutingNumber } from '@assay/domain';
import { z } from 'zod';
import { emptyToUndefined } from './env.ts';

/** Nacha alphanumeric fields hold printable ASCII only. */
const NACHA_TEXT = /^[\x20-\x7E]+$/;

/** A Nacha text setting: printable ASCII, at most the field's width. */
function achText(key: string, width: number, what: string) {
  return z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(NACHA_TEXT, `${key} must be plain ASCII letters, digits and punctuation (${what})`)
      .max(width, `${key} must be at most ${width} characters (${what}, a Nacha field of ${width})`)
      .optional(),
  );
}

export const achEnv = {
  // The company's standing with its bank for ACH files (Nacha PPD). Optional even in production, so
  // the app starts without them; making a file then answers 409 naming what is missing.
  ACH_COMPANY_NAME: achText('ACH_COMPANY_NAME', 16, "the company name on sellers' statements"),
  ACH_COMPANY_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      // Also the file header's immediate origin, which admits no blanks.
      .regex(/^[0-9A-Za-z]{10}$/, 'ACH_COMPANY_ID must be exactly 10 letters or digits (usually "1" and the EIN)')
      .optional(),
  ),
  ACH_ODFI_ROUTING: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(isValidAbaRoutingNumber, {
        message: "ACH_ODFI_ROUTING must be the company bank's 9-digit routing number, with a valid check digit",
      })
      .optional(),
  ),
  ACH_ORIGIN_NAME: achText('ACH_ORIGIN_NAME', 23, 'the company name as its bank knows it'),
  ACH_DESTINATION_NAME: achText('ACH_DESTINATION_NAME', 23, "the company bank's name"),
  ACH_ENTRY_DESCRIPTION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(NACHA_TEXT, 'ACH_ENTRY_DESCRIPTION must be plain ASCII letters, digits and punctuation')
      .max(10, "ACH_ENTRY_DESCRIPTION must be at most 10 characters (printed on sellers' statements)")
      .default('PAYOUT'),
  ),
};

/** The ACH settings a Nacha file needs; each is required in production before a file is made. */
const ACH_REQUIRED = [
  ['ACH_COMPANY_NAME', 'companyName'],
  ['ACH_COMPANY_ID', 'companyId'],
  ['ACH_ODFI_ROUTING', 'odfiRouting'],
  ['ACH_ORIGIN_NAME', 'originName'],
  ['ACH_DESTINATION_NAME', 'destinationName'],
] as const;

type AchSettingName = (typeof ACH_REQUIRED)[number][1];

/** Outside production an unset ACH setting is one of these: visibly an example, never a real bank's file. */
export const EXAMPLE_ACH: Record<AchSettingName, string> = {
  companyName: 'EXAMPLE ASSAY',
  companyId: 'EXAMPLE000',
  // The Federal Reserve Bank of Boston's number, the one documentation uses: valid, and not ours.
  odfiRouting: '011000015',
  originName: 'EXAMPLE ASSAY LLC',
  destinationName: 'EXAMPLE BANK',
};

export interface AchSettings {
  companyName: string;
  companyId: string;
  odfiRouting: string;
  originName: string;
  destinationName: string;
  entryDescription: string;
}

export /**
 * ACH_* as the payouts module reads them. `missing` names the unset ones. In production `settings`
 * is then null (the app still starts; making or downloading a file answers 409 naming them);
 * elsewhere each unset one is its example and `example` says so.
 */
function achSettings(
  e: Partial<Record<(typeof ACH_REQUIRED)[number][0], string>> & { ACH_ENTRY_DESCRIPTION: string },
  production: boolean,
): { settings: AchSettings | null; missing: string[]; example: boolean } {
  const missing = ACH_REQUIRED.filter(([key]) => e[key] === undefined).map(([key]) => key);
  if (production && missing.length > 0) return { settings: null, missing, example: false };
  const value = (key: (typeof ACH_REQUIRED)[number][0], name: AchSettingName) => e[key] ?? EXAMPLE_ACH[name];
  const settings = Object.fromEntries(ACH_REQUIRED.map(([key, name]) => [name, value(key, name)])) as Record<
    AchSettingName,
    string
  >;
  return {
    settings: { ...settings, entryDescription: e.ACH_ENTRY_DESCRIPTION },
    missing,
    example: missing.length > 0,
  };
}
