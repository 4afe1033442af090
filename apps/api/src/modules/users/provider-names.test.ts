import { NAME_MAX_LENGTH } from '@assay/domain';
import { describe, expect, it } from 'vitest';
import { namesFromClaims } from './provider-names.ts';

describe('namesFromClaims', () => {
  it('takes given_name and family_name as they are', () => {
    expect(namesFromClaims({ given_name: 'Ada', family_name: 'Lovelace', name: 'Countess of Lovelace' })).toEqual({
      name: 'Countess of Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('keeps one of given_name and family_name without guessing the other from name', () => {
    expect(namesFromClaims({ given_name: 'Cher', name: 'Cher Sarkisian' })).toEqual({
      name: 'Cher Sarkisian',
      firstName: 'Cher',
      lastName: null,
    });
    expect(namesFromClaims({ family_name: 'Curie' })).toEqual({ name: 'Curie', firstName: null, lastName: 'Curie' });
  });

  it('splits name at its first space when there is neither given_name nor family_name', () => {
    expect(namesFromClaims({ name: '  Grace   Brewster Hopper ' })).toEqual({
      name: 'Grace Brewster Hopper',
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
    });
    expect(namesFromClaims({ name: 'Plato' })).toEqual({ name: 'Plato', firstName: 'Plato', lastName: null });
  });

  it('treats blank and non-string claims as absent', () => {
    expect(namesFromClaims({ given_name: ' ', family_name: 42, name: null })).toEqual({
      name: '',
      firstName: null,
      lastName: null,
    });
    expect(namesFromClaims({})).toEqual({ name: '', firstName: null, lastName: null });
  });

  it('cuts a name longer than the limit without splitting a character', () => {
    const long = namesFromClaims({
      given_name: 'A'.repeat(NAME_MAX_LENGTH + 5),
      family_name: 'B'.repeat(NAME_MAX_LENGTH - 1) + '😀',
    });
    expect(long.firstName).toBe('A'.repeat(NAME_MAX_LENGTH));
    // The emoji is two UTF-16 units; one more would pass the limit, so it is left out whole.
    expect(long.lastName).toBe('B'.repeat(NAME_MAX_LENGTH - 1));
  });
});
