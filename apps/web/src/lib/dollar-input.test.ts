import { describe, expect, it } from 'vitest';
import { plainDollarAmount } from './dollar-input';

describe('plainDollarAmount', () => {
  it('drops a leading $, thousands commas and spaces around', () => {
    expect(plainDollarAmount(' $1,250.00 ')).toBe('1250.00');
    expect(plainDollarAmount('4321.5')).toBe('4321.5');
  });

  it('leaves anything else for the schema to refuse', () => {
    expect(plainDollarAmount('12abc')).toBe('12abc');
    expect(plainDollarAmount('-$5')).toBe('-$5');
    expect(plainDollarAmount('')).toBe('');
  });
});
