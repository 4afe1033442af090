// Screening a seller's name against the SDN list (DECISIONS "Compliance"): a possible match holds the
// payout for a person to decide, so this errs towards reporting. Names are compared by Jaro-Winkler
// similarity (the `jaro-winkler` package: Winkler's definition, prefix bonus 0.1 up to 4 letters, given
// only above 0.7) after making the two spellings comparable: case, accents, punctuation, OFAC's
// "LAST, First" order, any order of the words, and a middle name or second surname one side lacks.
import jaroWinkler from 'jaro-winkler';
import { DEFAULT_SCREENING_THRESHOLD } from '../../../config/index.ts';
import type { SdnEntry, SdnType } from './ofac-csv.ts';

/** Letters that Unicode decomposition leaves whole. */
const LETTER_SPELLINGS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Lower case, no accents, apostrophes dropped ("O'Neil" = "ONeil"), other punctuation a space. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/gu, (letter) => LETTER_SPELLINGS[letter] ?? letter)
    .replace(/['’`]/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The spellings a name is compared under: in reading order ("Doe, John" read as "john doe") and
 * with its words sorted, so "John Doe", "DOE, John" and "Doe John" all meet.
 */
export function comparableForms(name: string): string[] {
  const comma = name.indexOf(',');
  const readingOrder = comma === -1 ? name : `${name.slice(comma + 1)} ${name.slice(0, comma)}`;
  const natural = normaliseName(readingOrder);
  if (natural === '') return [];
  const sorted = natural.split(' ').sort().join(' ');
  return sorted === natural ? [natural] : [natural, sorted];
}

/** One name, ready to compare: its spellings, and its words sorted for the partial comparison. */
interface NameShape {
  forms: string[];
  words: string[];
}

function shapeOf(name: string): NameShape {
  const forms = comparableForms(name);
  return { forms, words: forms.length === 0 ? [] : (forms.at(-1) ?? '').split(' ') };
}

/** Beyond this many words only the first ones take part in the partial comparison (bounds the work). */
const MAX_PARTIAL_WORDS = 8;

function* wordSubsets(words: readonly string[], size: number, from = 0): Generator<string[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let index = from; index <= words.length - size; index += 1) {
    for (const rest of wordSubsets(words, size - 1, index + 1)) yield [words[index] ?? '', ...rest];
  }
}

/**
 * Whole names first; when one name has more words than the other (a middle name, a second surname),
 * the shorter one (two words at least) is also compared with each choice of as many words of the
 * longer, so "John Doe" meets "DOE, John Michael" and "John Michael Doe" meets "DOE, John".
 */
function shapeSimilarity(a: NameShape, b: NameShape): number {
  let best = 0;
  for (const first of a.forms) {
    for (const second of b.forms) best = Math.max(best, jaroWinkler(first, second));
  }
  const [shorter, longer] = a.words.length <= b.words.length ? [a.words, b.words] : [b.words, a.words];
  if (best === 1 || shorter.length < 2 || shorter.length === longer.length) return best;
  const shorterText = shorter.join(' ');
  for (const subset of wordSubsets(longer.slice(0, MAX_PARTIAL_WORDS), shorter.length)) {
    best = Math.max(best, jaroWinkler(shorterText, subset.join(' ')));
    if (best === 1) break;
  }
  return best;
}

/** The best Jaro-Winkler similarity between any spelling of one name and any of the other. */
export function nameSimilarity(first: string, second: string): number {
  return shapeSimilarity(shapeOf(first), shapeOf(second));
}

export interface ScreeningMatch {
  entNum: number;
  /** The listing's own name, for the admin. */
  listedName: string;
  /** The listed name or alias that came closest. */
  matchedName: string;
  matchedOn: 'name' | 'alias';
  /** 0..1, rounded to 4 decimals. */
  score: number;
  type: SdnType;
  programs: string[];
}

interface PreparedEntry {
  entry: SdnEntry;
  names: { name: string; on: 'name' | 'alias'; shape: NameShape }[];
}

/** Normalising ~40,000 names costs more than comparing them: done once per loaded list (array). */
const preparedLists = new WeakMap<readonly SdnEntry[], PreparedEntry[]>();

function prepared(entries: readonly SdnEntry[]): PreparedEntry[] {
  let list = preparedLists.get(entries);
  if (!list) {
    list = entries.map((entry) => ({
      entry,
      names: [
        { name: entry.name, on: 'name' as const, shape: shapeOf(entry.name) },
        ...entry.aliases.map((alias) => ({ name: alias.name, on: 'alias' as const, shape: shapeOf(alias.name) })),
      ],
    }));
    preparedLists.set(entries, list);
  }
  return list;
}

/**
 * Every listing whose name or one of its aliases is at least `threshold` similar to `name`, best
 * first (ties by ent_num), one row per listing with its closest spelling. Keep the same entries
 * array between calls: its normalised names are kept with it.
 */
export function screenName(
  name: string,
  entries: readonly SdnEntry[],
  threshold = DEFAULT_SCREENING_THRESHOLD,
): ScreeningMatch[] {
  if (!(threshold > 0 && threshold <= 1))
    throw new RangeError(`A screening threshold lies above 0 and at most 1, not ${threshold}.`);
  const seller = shapeOf(name);
  if (seller.forms.length === 0) return [];
  const matches: ScreeningMatch[] = [];
  for (const { entry, names } of prepared(entries)) {
    let best: { name: string; on: 'name' | 'alias'; score: number } | null = null;
    for (const candidate of names) {
      const score = shapeSimilarity(seller, candidate.shape);
      if (best === null || score > best.score) best = { name: candidate.name, on: candidate.on, score };
    }
    if (best !== null && best.score >= threshold) {
      matches.push({
        entNum: entry.entNum,
        listedName: entry.name,
        matchedName: best.name,
        matchedOn: best.on,
        score: Math.round(best.score * 10_000) / 10_000,
        type: entry.type,
        programs: entry.programs,
      });
    }
  }
  return matches.sort((a, b) => b.score - a.score || a.entNum - b.entNum);
}
