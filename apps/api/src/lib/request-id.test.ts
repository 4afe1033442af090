import { describe, expect, it } from 'vitest';
import { requestIdOf, SAFE_REQUEST_ID } from './request-id.ts';

const idOf = (value?: string | string[]) => requestIdOf({ headers: value === undefined ? {} : { 'x-request-id': value } });

describe('requestIdOf', () => {
  it('keeps a short, plain id the request came with (nginx sends 32 hex digits)', () => {
    expect(idOf('0f6c1e9a4b2d4c7e8a9b0c1d2e3f4a5b')).toBe('0f6c1e9a4b2d4c7e8a9b0c1d2e3f4a5b');
    expect(idOf('support-case_12.3')).toBe('support-case_12.3');
    expect(idOf('a'.repeat(128))).toBe('a'.repeat(128));
  });

  it('replaces one too short, too long, with other characters, or sent twice', () => {
    for (const unsafe of [
      'short',
      'a'.repeat(129),
      'abc def ghi',
      'line\nforged-line',
      '"},{"level":60',
      'ab/cd/ef/gh',
      'aaaaaaaa, bbbbbbbb',
    ]) {
      const id = idOf(unsafe);
      expect(id, unsafe).not.toBe(unsafe);
      expect(id).toMatch(SAFE_REQUEST_ID);
    }
    expect(idOf(['aaaaaaaa', 'bbbbbbbb'])).toMatch(SAFE_REQUEST_ID);
  });

  it('makes a new random id for a request without one', () => {
    const ids = new Set(Array.from({ length: 100 }, () => idOf()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(SAFE_REQUEST_ID);
  });
});
