import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are, and empty for nothing', () => {
    expect(csvCell('14k gold chain')).toBe('14k gold chain');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('-3.25')).toBe('-3.25');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes a field with a comma, a quote or a line break, doubling quotes', () => {
    expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"');
    expect(csvCell('the "good" ring')).toBe('"the ""good"" ring"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
  });

  it('never lets a spreadsheet run a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
  });
});

describe('toCsv', () => {
  it('writes the header and one CRLF-ended line per row in the header order', () => {
    const rows = [
      { id: 'a1', name: 'Doe, Jane', grams: 3.5 },
      { id: 'b2', name: 'Roe', grams: null },
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
    ).toBe('Id,Seller name,Weight (g)\r\na1,"Doe, Jane",3.5\r\nb2,Roe,\r\n');
  });

  it('writes only the header when there is nothing to report', () => {
    expect(toCsv([{ header: 'Id', value: (r: { id: string }) => r.id }], [])).toBe('Id\r\n');
  });
});
