// Who issued a seller's ID, as police reports carry it (issue 13, LeadsOnline-style reports): a US
// state's two-letter code for a driver's license or a state ID card (the 50 states and DC, as the
// compliance rules know them), and the issuing country's ISO 3166-1 alpha-2 code for a passport.
// Alpha-2 rather than the passport's own alpha-3: the same codes addresses and reports use.
import { isStateCode } from './us-states.ts';

/** ISO 3166-1 alpha-2, every officially assigned code, and XK (Kosovo), which issues passports. */
const COUNTRY_CODE_LIST = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW
BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ
FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ
IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH
MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL
PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD
TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW`;

export const COUNTRY_CODES: readonly string[] = COUNTRY_CODE_LIST.trim().split(/\s+/);
const countryCodeSet = new Set(COUNTRY_CODES);

export function isCountryCode(value: string): boolean {
  return countryCodeSet.has(value);
}

/** What kind of issuer an ID type has: passports are issued by countries, the others by US states. */
export type IdIssuerKind = 'state' | 'country';

export function idIssuerKind(idType: string): IdIssuerKind {
  return idType === 'passport' ? 'country' : 'state';
}

/** Issuer codes are kept upper-case, without the spaces people type around them. */
export function normalizeIdIssuer(value: string): string {
  return value.trim().toUpperCase();
}

const askFor: Record<IdIssuerKind, string> = {
  state: 'Please choose the US state that issued your ID (its two-letter code, such as FL).',
  country: 'Please choose the country that issued your passport (its two-letter code, such as US).',
};

/** Why this issuer does not fit this ID type, as a sentence for the seller; null when it does. */
export function idIssuerProblem(idType: string, issuer: string): string | null {
  const kind = idIssuerKind(idType);
  const code = normalizeIdIssuer(issuer);
  if (code === '') return askFor[kind];
  if (kind === 'state') {
    if (isStateCode(code)) return null;
    return `"${code}" is not a US state code. ${askFor.state}`;
  }
  if (isCountryCode(code)) return null;
  return `"${code}" is not a country code. ${askFor.country}`;
}
