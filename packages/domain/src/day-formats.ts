// Days as sentences show them. Each format is built once and kept: Date#toLocaleDateString with
// options, or a new Intl.DateTimeFormat, costs far more than formatting itself, and was the largest
// single cost of the appraisers' mailbox page (one per parcel line and per hold label).
const formats = new Map<string, Intl.DateTimeFormat>();

/** The en-US format with these options, built on first use. */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', options);
    formats.set(key, format);
  }
  return format;
}

/** "Nov 23" in the given IANA time zone. */
export function shortDateIn(at: Date, timeZone: string): string {
  return dateFormat({ timeZone, month: 'short', day: 'numeric' }).format(at);
}

/** "Nov 23": the UTC day, the same for every reader and server. */
export function utcShortDate(at: Date): string {
  return shortDateIn(at, 'UTC');
}

/** "Nov 23, 2026" */
export function utcShortDateWithYear(at: Date): string {
  return dateFormat({ timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).format(at);
}

/** "November 23, 2026" */
export function utcLongDate(at: Date): string {
  return dateFormat({ timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }).format(at);
}
