import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { OfacListError, SDN_COLUMNS, ofacFileKind, readSdnList, type OfacFile } from './ofac-csv.ts';
import { parseCsvRecords } from './ofac-csv-records.ts';

const fixtures = new URL('../../../../test/fixtures/ofac/', import.meta.url);

function fixture(path: string): OfacFile {
  return { name: path, content: readFileSync(new URL(path, fixtures)) };
}

const release = { sdn: fixture('sdn.csv'), alt: fixture('alt.csv'), add: fixture('add.csv') };

function refusal(files: Partial<typeof release>): string {
  try {
    readSdnList({ ...release, ...files });
  } catch (error) {
    expect(error).toBeInstanceOf(OfacListError);
    return (error as Error).message;
  }
  throw new Error('The list was accepted.');
}

describe('reading the SDN list (sdn.csv, alt.csv, add.csv)', () => {
  test('joins each listing with its aliases and addresses, in sdn.csv order', () => {
    const entries = readSdnList(release);
    expect(entries.map((entry) => entry.entNum)).toEqual([1001, 1002, 1003, 1004]);
    expect(entries[0]).toEqual({
      entNum: 1001,
      name: 'DOE, John',
      type: 'individual',
      programs: ['SDGT'],
      title: null,
      remarks: 'DOB 01 Jan 1970; nationality Atlantis; Made-up entry for Assay tests.',
      aliases: [
        { altNum: 2001, type: 'aka', name: 'DOE, Johnny', remarks: null },
        { altNum: 2002, type: 'aka', name: 'ROE, Jonathan', remarks: 'a.k.a. used in 2020' },
      ],
      addresses: [
        { addNum: 3001, address: '12 Example Street', cityStateZip: 'Springfield', country: 'Atlantis', remarks: null },
      ],
    });
  });

  test('an empty SDN_Type is an entity; several programmes are split; quoted commas stay in the field', () => {
    const [, company, person, vessel] = readSdnList(release);
    expect(company).toMatchObject({ name: 'EXAMPLE TRADING COMPANY, LTD.', type: 'entity', programs: ['IRAN', 'SDGT'] });
    expect(company?.aliases).toEqual([{ altNum: 2003, type: 'fka', name: 'EXAMPLE TRADERS', remarks: null }]);
    expect(company?.addresses[0]).toMatchObject({ address: null, cityStateZip: 'Tehran', country: 'Iran' });
    expect(person).toMatchObject({ title: 'Director', aliases: [] });
    expect(person?.addresses[0]?.remarks).toBe('Made-up address, with a comma.');
    expect(vessel).toMatchObject({ type: 'vessel', programs: ['CUBA'], addresses: [] });
  });

  test('reads text as well as bytes, with LF line ends and a byte-order mark', () => {
    const text = (file: OfacFile) => ({
      ...file,
      content: '\uFEFF' + readFileSync(new URL(file.name, fixtures), 'utf8').replaceAll('\r\n', '\n'),
    });
    expect(readSdnList({ sdn: text(release.sdn), alt: text(release.alt), add: text(release.add) })).toEqual(readSdnList(release));
  });

  test('a row with the wrong number of columns names the file and the line', () => {
    expect(refusal({ sdn: fixture('malformed/sdn-wrong-columns.csv') })).toBe(
      `malformed/sdn-wrong-columns.csv, line 3: expected 12 columns (${SDN_COLUMNS.join(', ')}), found 11. Is this the sdn.csv file?`,
    );
  });

  test('alt.csv given as sdn.csv is refused on its first line', () => {
    expect(refusal({ sdn: fixture('alt.csv') })).toMatch(/^alt\.csv, line 1: expected 12 columns .* found 5\./u);
  });

  test('a file that is not valid in the encoding is refused with a sentence', () => {
    expect(refusal({ sdn: fixture('malformed/sdn-latin1.csv') })).toBe(
      "malformed/sdn-latin1.csv is not valid text in OFAC's encoding (ASCII, read as UTF-8). Download it again from OFAC instead of converting or editing it.",
    );
  });

  test('an empty list is refused', () => {
    expect(refusal({ sdn: fixture('malformed/sdn-empty.csv') })).toBe(
      'malformed/sdn-empty.csv has no records; an OFAC sdn.csv file is never empty.',
    );
    expect(refusal({ add: { name: 'add.csv', content: new Uint8Array() } })).toBe(
      'add.csv has no records; an OFAC add.csv file is never empty.',
    );
  });

  test('an unclosed quote is refused with its line', () => {
    expect(refusal({ sdn: fixture('malformed/sdn-unclosed-quote.csv') })).toBe(
      'malformed/sdn-unclosed-quote.csv, line 2: a quoted field is never closed.',
    );
  });

  test('an alias for a listing sdn.csv does not have is refused', () => {
    expect(refusal({ alt: fixture('malformed/alt-unknown-entry.csv') })).toBe(
      'malformed/alt-unknown-entry.csv, line 4: ent_num 9999 is not in sdn.csv. Load the three files of the same release together.',
    );
  });

  test('a bad ent_num, a duplicate listing and an unknown type are refused', () => {
    const sdn = (line: string): OfacFile => ({ name: 'sdn.csv', content: line });
    const rest = ',"DOE, John","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ';
    expect(refusal({ sdn: sdn(`X1${rest}`) })).toBe('sdn.csv, line 1: ent_num must be a whole number, not "X1".');
    expect(refusal({ sdn: sdn(`1001${rest}\r\n1001${rest}`) })).toBe('sdn.csv, line 2: ent_num 1001 appears twice.');
    expect(refusal({ sdn: sdn(`1001${rest.replace('individual', 'robot')}`) })).toBe(
      'sdn.csv, line 1: SDN_Type "robot" is not one OFAC uses.',
    );
  });
});

describe('the CSV records', () => {
  test('doubled quotes, quoted line breaks and a quote inside a bare field', () => {
    expect(parseCsvRecords('x.csv', '1,"say ""hi""","two\r\nlines",a"b\r\n2,,-0- ')).toEqual([
      { line: 1, fields: ['1', 'say "hi"', 'two\r\nlines', 'a"b'] },
      { line: 3, fields: ['2', '', '-0- '] },
    ]);
  });

  test('text after a closing quote is refused', () => {
    expect(() => parseCsvRecords('x.csv', '1,"a"b,c')).toThrow('x.csv, line 1: text follows a closing quote inside a field.');
  });
});

describe('which file a path is', () => {
  test.each([
    ['/tmp/SDN.CSV', 'sdn'],
    ['C:\\ofac\\alt.csv', 'alt'],
    ['add.csv', 'add'],
    ['sdn_comments.csv', null],
    ['sdn.xml', null],
  ])('%s -> %s', (path, kind) => {
    expect(ofacFileKind(path)).toBe(kind);
  });
});
