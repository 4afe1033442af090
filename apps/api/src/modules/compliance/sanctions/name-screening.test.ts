import { readFileSync } from 'node:fs';
import jaroWinkler from 'jaro-winkler';
import { describe, expect, test } from 'vitest';
import { readSdnList } from './ofac-csv.ts';
import { DEFAULT_SCREENING_THRESHOLD } from '../../../config/index.ts';
import { comparableForms, nameSimilarity, normaliseName, screenName } from './name-screening.ts';

const fixtures = new URL('../../../../test/fixtures/ofac/', import.meta.url);
const file = (name: string) => ({ name, content: readFileSync(new URL(name, fixtures)) });
const entries = readSdnList({ sdn: file('sdn.csv'), alt: file('alt.csv'), add: file('add.csv') });

describe('Jaro-Winkler as the package computes it (known values of the definition)', () => {
  test.each([
    ['MARTHA', 'MARHTA', 0.9611],
    ['DWAYNE', 'DUANE', 0.84],
    ['DIXON', 'DICKSONX', 0.8133],
    // A common prefix of 4 letters or more counts as 4 (a package we tried counted 5 here: 0.9792).
    ['JOHNSON', 'JOHNSTON', 0.975],
    // No prefix bonus below a Jaro similarity of 0.7.
    ['CRATE', 'TRACE', 0.7333],
    ['ABC', 'XYZ', 0],
  ])('%s ~ %s = %d', (a, b, expected) => {
    expect(jaroWinkler(a, b)).toBeCloseTo(expected, 4);
  });
});

describe('making names comparable', () => {
  test.each([
    ['  José   NÚÑEZ-García ', 'jose nunez garcia'],
    ["O'Neil, Seán", 'oneil sean'],
    ['Straße Łukasz Øre', 'strasse lukasz ore'],
    ['DOE, John', 'doe john'],
    ['!!!', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normaliseName(input)).toBe(expected);
  });

  test('"LAST, First" is read as "First Last", and sorted words meet any order', () => {
    expect(comparableForms('DOE, John')).toEqual(['john doe', 'doe john']);
    expect(comparableForms('Doe John')).toEqual(['doe john']);
    expect(nameSimilarity('John Doe', 'DOE, John')).toBe(1);
  });
});

describe('screenName', () => {
  test('an exact name matches with score 1', () => {
    expect(screenName('DOE, John', entries)).toEqual([
      {
        entNum: 1001,
        listedName: 'DOE, John',
        matchedName: 'DOE, John',
        matchedOn: 'name',
        score: 1,
        type: 'individual',
        programs: ['SDGT'],
      },
    ]);
  });

  test('the seller\'s "First Last" order matches the listed "LAST, First"', () => {
    expect(screenName('john doe', entries).map((match) => [match.entNum, match.score])).toEqual([[1001, 1]]);
  });

  test('reordered words and accents match', () => {
    expect(screenName('José Luis Núñez García', entries)).toMatchObject([{ entNum: 1003, matchedOn: 'name', score: 1 }]);
    expect(screenName('Garcia Nunez Jose Luis', entries)).toMatchObject([{ entNum: 1003, score: 1 }]);
  });

  test('a spelling slip still matches, above the threshold', () => {
    const [match] = screenName('Jon Doe', entries);
    expect(match?.entNum).toBe(1001);
    expect(match?.score).toBeGreaterThanOrEqual(DEFAULT_SCREENING_THRESHOLD);
    expect(match?.score).toBeLessThan(1);
  });

  test('an alias matches, and the row says so', () => {
    expect(screenName('Jonathan Roe', entries)).toEqual([
      {
        entNum: 1001,
        listedName: 'DOE, John',
        matchedName: 'ROE, Jonathan',
        matchedOn: 'alias',
        score: 1,
        type: 'individual',
        programs: ['SDGT'],
      },
    ]);
  });

  test('a middle name or second surname on one side only still matches', () => {
    expect(screenName('John Michael Doe', entries)).toMatchObject([{ entNum: 1001, score: 1 }]);
    expect(screenName('Jose Nunez', entries)).toMatchObject([{ entNum: 1003, score: 1 }]);
    expect(nameSimilarity('Doe', 'DOE, John')).toBeLessThan(DEFAULT_SCREENING_THRESHOLD);
  });

  test('a near miss below the threshold is not a match', () => {
    const score = nameSimilarity('Joan Dover', 'DOE, John');
    expect(score).toBeGreaterThan(0.8);
    expect(score).toBeLessThan(DEFAULT_SCREENING_THRESHOLD);
    expect(screenName('Joan Dover', entries)).toEqual([]);
  });

  test('an unrelated name and an empty name match nothing', () => {
    expect(screenName('Maria Schmidt', entries)).toEqual([]);
    expect(screenName('  ', entries)).toEqual([]);
  });

  test('best first: a lower threshold lists every close listing in score order', () => {
    const matches = screenName('John Doe', entries, 0.6);
    expect(matches[0]?.entNum).toBe(1001);
    for (let index = 1; index < matches.length; index += 1) {
      expect(matches[index - 1]!.score).toBeGreaterThanOrEqual(matches[index]!.score);
    }
  });

  test('a threshold outside (0, 1] is refused', () => {
    expect(() => screenName('John Doe', entries, 0)).toThrow(RangeError);
    expect(() => screenName('John Doe', entries, 1.5)).toThrow(RangeError);
  });
});
