import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { findInputProblem, findUrlProblem, hasBrokenText, MAX_JSON_DEPTH } from './broken-input.ts';

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('broken text', () => {
  it.each([
    ['', false],
    ['José Cataño, 李小龍, 💍', false],
    ['a\u0000b', true],
    ['\ud800', true],
    ['a\ud800b', true],
    ['\udc00', true],
    ['💍'.slice(1), true],
    ['💍'.slice(0, 1), true],
  ])('%j -> %s', (text, broken) => {
    expect(hasBrokenText(text)).toBe(broken);
  });
});

describe('URLs', () => {
  it.each([
    ['/api/submissions/abc?status=new&search=%231a2b', null],
    ['/api/pricing/history?itemType=gold-24k&q=Jos%C3%A9%20%F0%9F%92%8D', null],
    ['/api/submissions/%00', 'broken-text'],
    ['/api/submissions?cursor=a%00b', 'broken-text'],
    ['/api/submissions?%00=x', 'broken-text'],
    ['/api/submissions/%ED%A0%80', 'bad-escape'],
    ['/api/submissions?cursor=%ED%A0%80', 'bad-escape'],
    ['/api/submissions?cursor=%FF', 'bad-escape'],
    ['/api/submissions?search=50%', 'bad-escape'],
    // Nothing to decode: the text is checked as it is.
    ['/api/pricing', null],
    ['/api/submissions/a\u0000b', 'broken-text'],
    ['/api/submissions?search=\ud800', 'broken-text'],
  ])('%s -> %s', (url, problem) => {
    expect(findUrlProblem(url)).toBe(problem);
  });
});

describe('parsed input', () => {
  it('finds NUL and lone surrogates in values and in keys, however deep within the limit', () => {
    expect(findInputProblem({ name: 'Ada', items: [{ note: 'fine' }] })).toBeNull();
    expect(findInputProblem({ items: [{ note: 'a\u0000' }] })).toBe('broken-text');
    expect(findInputProblem(JSON.parse('{"a":["\\ud800"]}'))).toBe('broken-text');
    expect(findInputProblem(JSON.parse('{"\\u0000":1}'))).toBe('broken-text');
    expect(findInputProblem('\u0000')).toBe('broken-text');
    expect(findInputProblem(Object.assign(Object.create(null), { a: '\u0000' }))).toBe('broken-text');
  });

  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more`, () => {
    expect(MAX_JSON_DEPTH).toBe(32);
    expect(findInputProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(findInputProblem(nested(MAX_JSON_DEPTH + 1))).toBe('too-deep');
  });

  it('walks 20,000 levels without overflowing the stack', () => {
    const deep = JSON.parse('['.repeat(20_000) + ']'.repeat(20_000));
    expect(findInputProblem(deep)).toBe('too-deep');
    expect(findInputProblem(nested(200_000), Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('leaves streams, buffers and other non-data alone', () => {
    expect(findInputProblem(Readable.from(['\u0000']))).toBeNull();
    expect(findInputProblem(Buffer.from([0]))).toBeNull();
    expect(findInputProblem(undefined)).toBeNull();
    expect(findInputProblem(null)).toBeNull();
    expect(findInputProblem(42)).toBeNull();
  });
});
