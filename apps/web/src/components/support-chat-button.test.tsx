import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { click, render } from '@/testing/dom';
import { SupportChatButton } from './support-chat-button';

const panel = () => document.querySelector<HTMLElement>('[role="region"]');
const trigger = () => document.querySelector<HTMLButtonElement>('button[aria-haspopup="dialog"]');

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the support panel (a Radix popover)', () => {
  it('opens from its button with focus inside, and Escape closes it and hands focus back', async () => {
    await render(<SupportChatButton />);
    expect(panel()).toBeNull();
    expect(trigger()?.getAttribute('aria-expanded')).toBe('false');

    await click(trigger());
    expect(panel()?.textContent).toContain('Talk to our team');
    expect(trigger()?.getAttribute('aria-expanded')).toBe('true');
    expect(trigger()?.getAttribute('aria-label')).toBe('Close support contacts');
    expect(panel()?.contains(document.activeElement)).toBe(true);

    await act(async () => {
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(panel()).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it('closes on a press outside it', async () => {
    await render(<SupportChatButton />);
    await click(trigger());
    expect(panel()).not.toBeNull();
    // Radix starts listening for outside presses a tick after opening (so the opening press does not count).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await act(async () => {
      document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerType: 'mouse' }));
      document.body.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(panel()).toBeNull();
  });
});
