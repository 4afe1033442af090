import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { validationMessages } from '@assay/domain';
import { describedText, isInvalid } from '@/testing/fields';
import { aSubmission } from '@/testing/fixtures';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { NewSubmissionForm } from './new-submission-form';

const submit = () => screen.getByRole('button', { name: 'Submit for Preliminary Appraisal' });
const created = () =>
  HttpResponse.json(aSubmission({ description: '18k yellow gold ring', estimatedWeight: 6.2 }), { status: 201 });

async function fillForm(user: ReturnType<typeof renderWithApp>['user'], weight = '6.2') {
  await user.click(screen.getByText('Jewelry', { exact: true }));
  await user.type(screen.getByLabelText('Detailed Description *'), '  18k yellow gold ring  ');
  await user.type(screen.getByLabelText('Estimated Weight *'), weight);
}

describe('new-submission form', () => {
  test('a valid submission sends exactly the body POST /api/submissions reads', async () => {
    const seen = recordRequests();
    server.use(http.post('/api/submissions', created));
    const { user } = renderWithApp(<NewSubmissionForm userId="user-1" />);

    await fillForm(user);
    // SPEC 9: 6.2 g of jewelry at $45/g, 80%-120%.
    expect(screen.getByText('$223 – $335')).toBeTruthy();
    await user.click(submit());

    expect(
      await screen.findByText("Submission created successfully! You'll receive a preliminary quote within 24 hours."),
    ).toBeTruthy();
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/submissions']);
    await waitFor(() =>
      expect(seen[0]?.body).toEqual({
        category: 'jewelry',
        description: '18k yellow gold ring',
        estimatedWeight: 6.2,
        weightUnit: 'grams',
        images: [],
        preliminaryQuoteMin: '223',
        preliminaryQuoteMax: '335',
      }),
    );
  });

  test('the weight unit chosen goes with the weight', async () => {
    const seen = recordRequests();
    server.use(http.post('/api/submissions', created));
    const { user } = renderWithApp(<NewSubmissionForm userId="user-1" />);

    await fillForm(user, '0.5');
    await user.selectOptions(screen.getByLabelText('Weight unit'), 'oz');
    await user.click(submit());

    await screen.findByText("Submission created successfully! You'll receive a preliminary quote within 24 hours.");
    await waitFor(() => expect(seen[0]?.body).toMatchObject({ estimatedWeight: 0.5, weightUnit: 'oz' }));
  });

  test('an empty form toasts SPEC 5 sentence, says what each field needs, focuses the first and sends nothing', async () => {
    const seen = recordRequests();
    const { user } = renderWithApp(<NewSubmissionForm userId="user-1" />);

    await user.click(submit());

    expect(await screen.findByText(validationMessages.requiredFields)).toBeTruthy();
    expect(screen.getByText('Please choose what you are selling.')).toBeTruthy();
    const description = screen.getByLabelText('Detailed Description *');
    expect(isInvalid(description)).toBe(true);
    expect(describedText(description)).toContain('Please describe your item.');
    expect(describedText(screen.getByLabelText('Estimated Weight *'))).toContain('Please enter the estimated weight.');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Jewelry' }));
    expect(seen).toEqual([]);
  });

  test('a weight of zero is refused with the domain message before anything is sent', async () => {
    const seen = recordRequests();
    const { user } = renderWithApp(<NewSubmissionForm userId="user-1" />);

    await fillForm(user, '0');
    await user.click(submit());

    const weight = screen.getByLabelText('Estimated Weight *');
    await waitFor(() => expect(isInvalid(weight)).toBe(true));
    expect(describedText(weight)).toContain('The estimated weight must be greater than zero.');
    expect(isInvalid(screen.getByLabelText('Detailed Description *'))).toBe(false);
    expect(seen).toEqual([]);
  });

  test('a server 400 with issues puts each message on its field', async () => {
    const message = 'Please keep the description to 2000 characters or fewer.';
    server.use(
      http.post('/api/submissions', () =>
        apiError(400, 'BAD_REQUEST', `Invalid body: description: ${message}`, [{ path: 'description', message }]),
      ),
    );
    const { user } = renderWithApp(<NewSubmissionForm userId="user-1" />);

    await fillForm(user);
    await user.click(submit());

    const description = screen.getByLabelText('Detailed Description *');
    await waitFor(() => expect(isInvalid(description)).toBe(true));
    expect(describedText(description)).toContain(message);
    expect(isInvalid(screen.getByLabelText('Estimated Weight *'))).toBe(false);
  });

  test.each([
    [409, 'CONFLICT', 'You already have a submission with these photos.'],
    [500, 'INTERNAL', 'Something went wrong on our side. Please try again in a moment.'],
  ])('a %i shows the server sentence', async (status, code, sentence) => {
    server.use(http.post('/api/submissions', () => apiError(status, code, sentence)));
    const { user } = renderWithApp(<NewSubmissionForm userId="user-1" />);

    await fillForm(user);
    await user.click(submit());

    expect(await screen.findByText(`Failed to create submission. ${sentence}`)).toBeTruthy();
    expect(submit()).toHaveProperty('disabled', false);
  });

  test('a named material is sent, the page says the quote will use live prices, and the server quote shows after', async () => {
    const seen = recordRequests();
    const basis = {
      material: 'gold-14k' as const,
      weight: '6.2',
      weightUnit: 'grams' as const,
      purity: '0.585',
      referencePrice: '50.0000',
      referenceUnit: 'gram' as const,
      priceSource: 'gold-api.com',
      pricedAt: '2030-01-01T11:59:00.000Z',
      minPercent: '80.00',
      maxPercent: '92.00',
    };
    server.use(
      http.post('/api/submissions', () =>
        HttpResponse.json(
          aSubmission({ material: 'gold-14k', quoteBasis: basis, preliminaryQuoteMin: '248.00', preliminaryQuoteMax: '285.00' }),
          { status: 201 },
        ),
      ),
    );
    const { user } = renderWithApp(<NewSubmissionForm userId="user-1" />);

    await fillForm(user);
    const select = screen.getByLabelText('What is it made of?');
    // Jewelry is named by its metal: no gems on offer.
    expect(screen.queryByRole('option', { name: 'Diamond' })).toBeNull();
    await user.selectOptions(select, 'gold-14k');
    expect(screen.getByText('Your quote will use live prices')).toBeTruthy();
    expect(screen.queryByText('$223 – $335')).toBeNull();
    await user.click(submit());

    expect(await screen.findByText('Your preliminary quote: $248 – $285 (Gold 14K at $50.00/g, we pay 80-92%).')).toBeTruthy();
    await waitFor(() =>
      expect(seen[0]?.body).toEqual({
        category: 'jewelry',
        description: '18k yellow gold ring',
        estimatedWeight: 6.2,
        weightUnit: 'grams',
        material: 'gold-14k',
        images: [],
        preliminaryQuoteMin: '223',
        preliminaryQuoteMax: '335',
      }),
    );
  });

  test('loose gems offer only gems, and a metal chosen before is let go; "I\'m not sure" keeps SPEC\'s estimate', async () => {
    const { user } = renderWithApp(<NewSubmissionForm userId="user-1" />);
    await fillForm(user);
    await user.selectOptions(screen.getByLabelText('What is it made of?'), 'silver');
    await user.click(screen.getByText('Loose Gems', { exact: true }));
    const select = screen.getByLabelText<HTMLSelectElement>('What is it made of?');
    await waitFor(() => expect(select.value).toBe(''));
    expect(screen.queryByRole('option', { name: 'Silver' })).toBeNull();
    expect(screen.getByRole('option', { name: 'Ruby' })).toBeTruthy();
    expect(screen.getByRole('option', { name: "I'm not sure" })).toBeTruthy();
    // Loose gems in grams: SPEC 9's rate 1500 per unit.
    expect(screen.queryByText('Your quote will use live prices')).toBeNull();
  });
});
