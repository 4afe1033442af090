// Setup of the 'web-dom' test project (vitest.config.ts): the mock API, a clean DOM and toast
// store after each test, and no unexpected console.error (ARCHITECTURE habit 6).
import { cleanup } from '@testing-library/react';
import Uppy from '@uppy/core';
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

// Every Uppy checks navigator.onLine 3 s after it is made, on a timer that destroy() does not
// clear: a test file that ends sooner has its window torn down first, and the check then throws
// "window is not defined" into the run. Past the file's end there is nothing to check.
const checkOnline = Uppy.prototype.updateOnlineStatus;
Uppy.prototype.updateOnlineStatus = function updateOnlineStatusWhileThereIsAWindow(this: Uppy) {
  if (typeof window !== 'undefined') checkOnline.call(this);
};

// Test files share a worker's modules (isolate: false in vitest.config.ts), and may share its
// window: each file starts as in a new one, with nothing stored (the new-submission form keeps a
// draft in localStorage).
beforeAll(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

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
