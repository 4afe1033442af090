// Sellers type their names as they write them ("José Müller", "Łukasz Øberg"); a Nacha file is
// ASCII. Banks print the receiver's name on statements and many reject lowercase or unusual
// punctuation, so names become uppercase Latin letters, digits and the punctuation names use.

/** Letters that Unicode does not decompose into a base letter plus an accent. */
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'SS',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'AE',
  Œ: 'OE',
  œ: 'OE',
  Ø: 'O',
  ø: 'O',
  Ł: 'L',
  ł: 'L',
  Đ: 'D',
  đ: 'D',
  Ð: 'D',
  ð: 'D',
  Þ: 'TH',
  þ: 'TH',
  ı: 'I',
  Ħ: 'H',
  ħ: 'H',
  // Typographic quotes and dashes people paste from documents.
  '\u2018': "'",
  '\u2019': "'",
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
};

/** What a name keeps after transliteration: a conservative part of Nacha's printable ASCII. */
const DISALLOWED_IN_NAMES = /[^A-Z0-9 &',./-]/g;

/**
 * "José Müller" -> "JOSE MULLER": special letters spelled out, accents dropped (NFKD splits "é"
 * into "e" and a combining mark), uppercased, anything else removed and spaces collapsed.
 */
export function toNachaText(value: string): string {
  const spelled = [...value].map((char) => SPECIAL_LETTERS[char] ?? char).join('');
  return spelled
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .replace(DISALLOWED_IN_NAMES, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}
