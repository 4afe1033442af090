import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-load-error';

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://assay.example/assets/faq-route-Cx1.js',
    'error loading dynamically imported module: https://assay.example/assets/faq-route-Cx1.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/new-submission-page-B2.css',
  ])('recognises a route that did not load: %s', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves other errors to "Try again"', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadError(new Error('500: {"message":"Internal error"}'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
