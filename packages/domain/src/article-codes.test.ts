import { describe, expect, it } from 'vitest';
import { articleCodeOf } from './article-codes.ts';

describe('article codes', () => {
  it('names the kind of article and what it is made of', () => {
    expect(articleCodeOf('jewelry', 'gold-14k')).toBe('JEWELRY-GOLD');
    expect(articleCodeOf('jewelry', 'gold-24k')).toBe('JEWELRY-GOLD');
    expect(articleCodeOf('jewelry', 'silver')).toBe('JEWELRY-SILVER');
    expect(articleCodeOf('jewelry', 'platinum')).toBe('JEWELRY-PLATINUM');
    expect(articleCodeOf('scrap', 'palladium')).toBe('SCRAP-PALLADIUM');
    expect(articleCodeOf('scrap', 'gold-10k')).toBe('SCRAP-GOLD');
    expect(articleCodeOf('gems', 'diamond')).toBe('GEM-DIAMOND');
    expect(articleCodeOf('gems', 'emerald')).toBe('GEM-EMERALD');
  });

  it('says OTHER when the material is not named or does not fit the kind', () => {
    expect(articleCodeOf('jewelry', null)).toBe('JEWELRY-OTHER');
    expect(articleCodeOf('jewelry', 'ruby')).toBe('JEWELRY-OTHER');
    expect(articleCodeOf('scrap', null)).toBe('SCRAP-OTHER');
    expect(articleCodeOf('gems', 'gold-14k')).toBe('GEM-OTHER');
    expect(articleCodeOf('gems', null)).toBe('GEM-OTHER');
  });
});
