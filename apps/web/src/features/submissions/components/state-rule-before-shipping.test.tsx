import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { businessIdentity } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { StateRuleBeforeShipping } from './state-rule-before-shipping';

const savedAddress = (state: string | null) =>
  http.get('/api/users/me/address', () =>
    HttpResponse.json({
      address:
        state === null
          ? null
          : { name: 'Ada Seller', line1: '1 Main St', line2: null, city: 'Miami', state, postalCode: '33101', phone: null },
    }),
  );
const business = http.get('/api/business', () => HttpResponse.json(businessIdentity));

describe('the rule before shipping on the new-submission form', () => {
  test("shows the saved address's state rule: Florida asks ID before any payment and a signed statement", async () => {
    server.use(business, savedAddress('FL'));
    renderWithApp(<StateRuleBeforeShipping />);

    const rule = await screen.findByRole('region', { name: 'Selling from Florida' });
    expect(within(rule).getByText(/requires your ID before any payment, whatever the amount\./)).toBeTruthy();
    expect(within(rule).getByText(/requires a signed statement that the items are yours/)).toBeTruthy();
    expect(within(rule).queryByText(/only before paying an offer above \$10,000/)).toBeNull();
    expect((screen.getByLabelText('Your state') as HTMLSelectElement).value).toBe('FL');
  });

  test('without a saved address it asks for the state, and shows the rule of the state picked', async () => {
    server.use(business, savedAddress(null));
    const { user } = renderWithApp(<StateRuleBeforeShipping />);

    expect(await screen.findByText('The address on your label decides which rule applies.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /^Selling from/ })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Your state'), 'OH');
    const rule = await screen.findByRole('region', { name: 'Selling from Ohio' });
    expect(
      within(rule).getByText('We ask for your ID only before paying an offer above $10,000, or when our appraiser asks for it.'),
    ).toBeTruthy();
    expect(within(rule).queryByText(/signed statement/)).toBeNull();
  });
});
