import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { SupportChatButton } from './support-chat-button';

// The panel is named by its heading (aria-labelledby), so finding it by that name checks the heading too.
const panel = () => screen.queryByRole('region', { name: 'Talk to our team' });

describe('the support panel (a Radix popover)', () => {
  it('opens from its button with focus inside, and Escape closes it and hands focus back', async () => {
    const { user } = renderWithApp(<SupportChatButton />);
    const trigger = screen.getByRole('button', { name: 'Contact support' });
    expect(panel()).toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    await user.click(trigger);
    expect(panel()).not.toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Close support contacts' })).toBe(trigger);
    expect(panel()?.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(panel()).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on a press outside it', async () => {
    const { user } = renderWithApp(<SupportChatButton />);
    await user.click(screen.getByRole('button', { name: 'Contact support' }));
    expect(panel()).not.toBeNull();

    await user.click(document.body);
    expect(panel()).toBeNull();
  });
});
