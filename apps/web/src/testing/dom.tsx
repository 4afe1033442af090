import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

// Tells React that updates are wrapped in act(), so effects and state settle before we look.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders into a fresh element of the test's DOM (a `@vitest-environment happy-dom` file). */
export async function render(ui: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(ui));
  return {
    container,
    unmount: () => act(() => root.unmount()),
  };
}

/** Clicks as a person would and lets React finish what the click started. */
export async function click(element: Element | null | undefined) {
  if (!(element instanceof HTMLElement)) throw new Error('Nothing to click');
  await act(async () => element.click());
}

/** Retries `check` until it passes (queries resolve asynchronously), then returns its value. */
export async function waitFor<T>(check: () => T, timeoutMs = 2000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    }
  }
}

/** The button or link whose text is exactly `name`. */
export function byText(container: ParentNode, selector: string, name: string): HTMLElement | undefined {
  return [...container.querySelectorAll<HTMLElement>(selector)].find((element) => element.textContent?.trim() === name);
}
