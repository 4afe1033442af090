// The CSV files carry no date, yet the admin must see how old the loaded list is (a warning past
// 7 days). The loader takes the date, in this order: the one the operator gives (YYYY-MM-DD, read off
// OFAC's page), else the Publish_Date of sdn.xml when it lies beside the CSV files (OFAC's XML of the
// same release writes it in <publshInformation>, OFAC's own spelling). With neither it refuses: a
// file's modification time says when it was copied, not when OFAC published it.

export type PublicationDate = { ok: true; date: string } | { ok: false; message: string };

function realDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function checked(year: number, month: number, day: number, today: string, shown: string): PublicationDate {
  if (!realDate(year, month, day)) return { ok: false, message: `${shown} is not a real date.` };
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (date > today) return { ok: false, message: `The list's publication date ${date} is after today (${today}).` };
  return { ok: true, date };
}

/** The operator's date. `today` is YYYY-MM-DD in UTC, passed in so this stays pure. */
export function parsePublicationDate(value: string, today: string): PublicationDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(value.trim());
  if (!match) return { ok: false, message: `Give the list's publication date as YYYY-MM-DD, not ${JSON.stringify(value)}.` };
  return checked(Number(match[1]), Number(match[2]), Number(match[3]), today, value.trim());
}

/** The Publish_Date (MM/DD/YYYY) of OFAC's sdn.xml; reading its first kilobytes is enough. */
export function publicationDateFromSdnXml(xml: string, today: string): PublicationDate {
  const match = /<publshInformation>[\s\S]*?<Publish_Date>\s*(\d{2})\/(\d{2})\/(\d{4})\s*<\/Publish_Date>/u.exec(xml);
  if (!match) return { ok: false, message: 'sdn.xml has no <publshInformation><Publish_Date> in MM/DD/YYYY form.' };
  return checked(Number(match[3]), Number(match[1]), Number(match[2]), today, `${match[1]}/${match[2]}/${match[3]}`);
}

/** Whole days from the publication date to today: the admin's warning starts past 7. */
export function listAgeDays(publishedOn: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${publishedOn}T00:00:00Z`)) / 86_400_000);
}

export const LIST_STALE_AFTER_DAYS = 7;

export function isListStale(publishedOn: string, today: string): boolean {
  return listAgeDays(publishedOn, today) > LIST_STALE_AFTER_DAYS;
}
