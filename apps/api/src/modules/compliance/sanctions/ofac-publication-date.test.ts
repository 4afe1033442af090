import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { isListStale, listAgeDays, parsePublicationDate, publicationDateFromSdnXml } from './ofac-publication-date.ts';

const today = '2026-11-24';

describe("the list's publication date", () => {
  test("the operator's date, checked", () => {
    expect(parsePublicationDate(' 2026-11-20 ', today)).toEqual({ ok: true, date: '2026-11-20' });
    expect(parsePublicationDate('2026-11-24', today)).toEqual({ ok: true, date: '2026-11-24' });
    expect(parsePublicationDate('11/20/2026', today)).toEqual({
      ok: false,
      message: 'Give the list\'s publication date as YYYY-MM-DD, not "11/20/2026".',
    });
    expect(parsePublicationDate('2026-02-30', today)).toEqual({ ok: false, message: '2026-02-30 is not a real date.' });
    expect(parsePublicationDate('2026-11-25', today)).toEqual({
      ok: false,
      message: "The list's publication date 2026-11-25 is after today (2026-11-24).",
    });
  });

  test("read from OFAC's sdn.xml beside the CSV files", () => {
    const xml = readFileSync(new URL('../../../../test/fixtures/ofac/sdn.xml', import.meta.url), 'utf8');
    expect(publicationDateFromSdnXml(xml, today)).toEqual({ ok: true, date: '2026-11-20' });
    expect(publicationDateFromSdnXml('<sdnList></sdnList>', today)).toMatchObject({ ok: false });
    expect(publicationDateFromSdnXml('<publshInformation><Publish_Date>13/01/2026</Publish_Date>', today)).toEqual({
      ok: false,
      message: '13/01/2026 is not a real date.',
    });
  });

  test('older than 7 days is stale', () => {
    expect(listAgeDays('2026-11-17', today)).toBe(7);
    expect(isListStale('2026-11-17', today)).toBe(false);
    expect(isListStale('2026-11-16', today)).toBe(true);
  });
});
