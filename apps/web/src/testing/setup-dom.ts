// Setup of the 'web-dom' test project (vitest.config.ts): the mock API, a clean DOM and toast
// store after each test, and no unexpected console.error (ARCHITECTURE habit 6).
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './msw';

// jsdom has no layout, so no ResizeObserver; Uppy's Dashboard needs one to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom has no modal <dialog>: open and close it as the browser would (components/ui/dialog.tsx).
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  // The toast store outlives the Toaster: without this a test's toasts reappear in the next one.
  toast.dismiss();
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());

let consoleErrors: unknown[][] = [];
beforeAll(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  const found = consoleErrors;
  consoleErrors = [];
  if (found.length > 0)
    throw new Error(`console.error during the test:\n${found.map((args) => args.map(String).join(' ')).join('\n')}`);
});
