// The client's US postal address (DECISIONS "Shipping labels": asked for the first time a label
// needs it and kept on the profile). It is printed on inbound labels as the sender and on return
// labels as the receiver, where a mistake sends someone's jewelry to the wrong door, so every
// field is checked here once, for the address form and for GET/PUT /api/users/me/address alike.
import { z } from 'zod';

/**
 * USPS two-letter codes: the 50 states, DC, the inhabited territories, the freely associated
 * states USPS delivers to, and the military (APO/FPO/DPO) codes.
 */
export const usStateCodes = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'DC',
  'AS',
  'GU',
  'MP',
  'PR',
  'VI',
  'FM',
  'MH',
  'PW',
  'AA',
  'AE',
  'AP',
] as const;
export type UsStateCode = (typeof usStateCodes)[number];

export function isUsStateCode(value: string): value is UsStateCode {
  return (usStateCodes as readonly string[]).includes(value);
}

export const ADDRESS_NAME_MAX_LENGTH = 100;
export const ADDRESS_LINE_MAX_LENGTH = 100;
export const ADDRESS_CITY_MAX_LENGTH = 60;

export const addressMessages = {
  name: 'Please enter the name for the label.',
  line1: 'Please enter the street address.',
  city: 'Please enter the city.',
  state: 'Please choose a US state or territory by its 2-letter code, like NY.',
  postalCode: 'Please enter a 5-digit ZIP code, or ZIP+4 like 12345-6789.',
  phone: 'Please enter a 10-digit US phone number, like (302) 555-0123, or leave it empty.',
  characters: 'can only use letters, numbers, spaces and common punctuation.',
} as const;

// Printable ASCII and Latin-1 letters (José, Cataño): what carriers and the label's fonts print.
// No line breaks or control characters, which would let one field spill into another line.
const PRINTABLE = /^[\u0020-\u007E\u00A0-\u00FF]*$/;
// Spaces inside a field are collapsed, so "  100   Main St " and "100 Main St" are one address.
const collapseSpaces = (value: string) => value.replace(/[ \t\u00A0]+/g, ' ').trim();

function textField(label: string, required: string, max: number) {
  return z
    .string({ error: required })
    .transform(collapseSpaces)
    .pipe(
      z
        .string()
        .min(1, { error: required, abort: true })
        .max(max, `${label} can be at most ${max} characters.`)
        .regex(PRINTABLE, `${label} ${addressMessages.characters}`),
    );
}

function optionalTextField(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .nullish()
    .transform((value) => (value == null ? '' : collapseSpaces(value)))
    .pipe(
      z
        .string()
        .max(max, `${label} can be at most ${max} characters.`)
        .regex(PRINTABLE, `${label} ${addressMessages.characters}`),
    )
    .transform((value) => value || null);
}

/** "12345" or "12345-6789" (a 9-digit "123456789" or "12345 6789" is accepted and normalised). */
export function normalizePostalCode(value: string): string | null {
  const match = /^(\d{5})(?:[-\s]?(\d{4}))?$/.exec(value.trim());
  if (!match) return null;
  return match[2] ? `${match[1]}-${match[2]}` : match[1]!;
}

/**
 * A US number as "(302) 555-0123". Accepts the usual punctuation and a leading +1 or 1; the area
 * code and exchange cannot start with 0 or 1 (NANP), which catches most typos.
 */
export function normalizeUsPhone(value: string): string | null {
  const trimmed = value.trim();
  if (!/^[+\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  else if (trimmed.startsWith('+')) return null;
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export const shippingAddressSchema = z.object(
  {
    name: textField('The name', addressMessages.name, ADDRESS_NAME_MAX_LENGTH),
    line1: textField('The street address', addressMessages.line1, ADDRESS_LINE_MAX_LENGTH),
    line2: optionalTextField('The second address line', ADDRESS_LINE_MAX_LENGTH),
    city: textField('The city', addressMessages.city, ADDRESS_CITY_MAX_LENGTH),
    state: z
      .string({ error: addressMessages.state })
      .transform((value) => value.trim().toUpperCase())
      .refine((value: string): boolean => isUsStateCode(value), addressMessages.state),
    postalCode: z.string({ error: addressMessages.postalCode }).transform((value, ctx) => {
      const normalized = normalizePostalCode(value);
      if (normalized) return normalized;
      ctx.addIssue({ code: 'custom', message: addressMessages.postalCode });
      return z.NEVER;
    }),
    phone: z
      .string({ error: addressMessages.phone })
      .nullish()
      .transform((value, ctx) => {
        if (value == null || value.trim() === '') return null;
        const normalized = normalizeUsPhone(value);
        if (normalized) return normalized;
        ctx.addIssue({ code: 'custom', message: addressMessages.phone });
        return z.NEVER;
      }),
  },
  { error: 'Please send the address as {name, line1, line2, city, state, postalCode, phone}.' },
);

/** What the address form holds. */
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;
/** A checked, normalised address as stored and printed. */
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

/** An address as the server sends it back (already normalised, so no transforms). */
export const shippingAddressDtoSchema = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  phone: z.string().nullable(),
});

/** GET and PUT /api/users/me/address answer this. */
export const addressResponseSchema = z.object({ address: shippingAddressDtoSchema.nullable() });
export type AddressResponse = z.infer<typeof addressResponseSchema>;

/** The lines of an address as printed on a label or an envelope. */
export function addressLines(address: ShippingAddress): string[] {
  return [
    address.name,
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    `${address.city}, ${address.state} ${address.postalCode}`,
  ];
}

/**
 * Reads a one-line address, "Name, Street[, Suite], City, ST 12345" (the RECEIVING_ADDRESS
 * setting), through the same checks as a client's address. Answers null when it does not fit.
 */
export function parseOneLineAddress(text: string): ShippingAddress | null {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length < 4 || parts.length > 5 || parts.some((part) => part === '')) return null;
  const stateZip = /^([A-Za-z]{2})\s+(\S+)$/.exec(parts.at(-1)!);
  if (!stateZip) return null;
  const parsed = shippingAddressSchema.safeParse({
    name: parts[0],
    line1: parts[1],
    line2: parts.length === 5 ? parts[2] : null,
    city: parts.at(-2),
    state: stateZip[1],
    postalCode: stateZip[2],
  });
  return parsed.success ? parsed.data : null;
}
