import { describe, expect, test } from 'vitest';
import { conditionBands, conditionLabels, conditionSchema, conditions } from './condition.ts';

describe('conditions', () => {
  test('are excellent, good, fair and scrap', () => {
    expect(conditions).toEqual(['excellent', 'good', 'fair', 'scrap']);
    expect(conditionLabels.fair).toBe('Fair');
  });

  // SPEC 9 "Calculator value": condition multiplier table, one test per row.
  test.each([
    ['excellent', '0.95', '1.05', '±5%'],
    ['good', '0.85', '0.95', '-15 to -5%'],
    ['fair', '0.70', '0.85', '-30 to -15%'],
    ['scrap', '0.60', '0.75', '-40 to -25%'],
  ] as const)('%s runs %s-%s, shown as %s', (condition, low, high, label) => {
    expect(conditionBands[condition]).toEqual({ low, high, label });
  });

  test('schema refuses unknown conditions', () => {
    expect(conditionSchema.safeParse('mint').success).toBe(false);
  });
});
