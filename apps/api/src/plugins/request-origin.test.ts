import { describe, expect, it } from 'vitest';
import { judgeRequestOrigin } from './request-origin.ts';

const allowed = new Set(['https://assay.example', 'http://127.0.0.1:3000']);

describe('judgeRequestOrigin', () => {
  it("allows Assay's own origins", () => {
    expect(judgeRequestOrigin({ origin: 'https://assay.example' }, allowed)).toBe('allowed');
    expect(judgeRequestOrigin({ origin: 'http://127.0.0.1:3000' }, allowed)).toBe('allowed');
  });

  it('falls back to the Referer when there is no Origin', () => {
    expect(judgeRequestOrigin({ referer: 'https://assay.example/client/new' }, allowed)).toBe('allowed');
    expect(judgeRequestOrigin({ referer: 'https://evil.example/page' }, allowed)).toBe('foreign');
  });

  it('calls anything else foreign, including lookalikes and the opaque "null" origin', () => {
    for (const origin of [
      'https://evil.example',
      'https://assay.example.evil.example',
      'http://assay.example',
      'null',
      'not a url',
    ]) {
      expect(judgeRequestOrigin({ origin }, allowed), origin).toBe('foreign');
    }
  });

  it('an Origin that is present wins over a Referer', () => {
    expect(judgeRequestOrigin({ origin: 'https://evil.example', referer: 'https://assay.example/' }, allowed)).toBe('foreign');
  });

  it('knows nothing of a request with neither header', () => {
    expect(judgeRequestOrigin({}, allowed)).toBe('unknown');
  });
});
