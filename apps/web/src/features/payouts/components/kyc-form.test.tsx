import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import { recordRequests } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { KycForm } from './kyc-form';

describe('identity form: who issued the ID', () => {
  test('a license is issued by a state, a passport by a country; the choice starts over when that changes', async () => {
    const { user } = renderWithApp(
      <>
        <h2 id="kyc-heading">Verify your identity</h2>
        <KycForm labelledBy="kyc-heading" />
      </>,
    );
    await user.selectOptions(screen.getByLabelText('ID type'), "Driver's license");
    const state = screen.getByLabelText('Issuing state');
    await user.selectOptions(state, 'Florida');
    expect((state as HTMLSelectElement).value).toBe('FL');

    await user.selectOptions(screen.getByLabelText('ID type'), 'Passport');
    const country = screen.getByLabelText('Issuing country');
    expect((country as HTMLSelectElement).value).toBe('');
    await user.selectOptions(country, 'United Kingdom');
    expect((country as HTMLSelectElement).value).toBe('GB');
  });

  test('asks for the issuer before anything is uploaded', async () => {
    const seen = recordRequests();
    const { user } = renderWithApp(
      <>
        <h2 id="kyc-heading">Verify your identity</h2>
        <KycForm labelledBy="kyc-heading" />
      </>,
    );
    await user.type(screen.getByLabelText('Full legal name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Date of birth'), '1990-12-10');
    await user.selectOptions(screen.getByLabelText('ID type'), 'State ID card');
    await user.type(screen.getByLabelText('ID number'), 'S1234567');
    await user.upload(screen.getByLabelText('Photo of your ID'), new File(['x'], 'id.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByRole('button', { name: 'Send for verification' }));
    expect(await screen.findByText('Please choose who issued your ID: a US state, or for a passport a country.')).toBeTruthy();
    expect(seen).toEqual([]);
  });
});
