import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { validationMessages } from '@assay/domain';
import { describedText, isInvalid } from '@/testing/fields';
import { anAdminSubmission } from '@/testing/fixtures';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { OfferForm } from './offer-form';

const appraising = anAdminSubmission({ status: 'appraising', weightUnit: 'grams', version: 7 });
const path = `/api/submissions/${appraising.id}`;
const submit = () => screen.getByRole('button', { name: 'Submit Offer' });
/** Submit Offer, then the confirmation's send button. */
async function submitAndSend(user: ReturnType<typeof renderWithApp>['user']) {
  await user.click(submit());
  await user.click(await screen.findByRole('button', { name: /^Send \$[\d,.]+ offer$/ }));
}
async function fillOffer(user: ReturnType<typeof renderWithApp>['user'], offer: string, weight: string) {
  await user.type(screen.getByLabelText('Final Offer ($)'), offer);
  await user.type(screen.getByLabelText('Actual Weight'), weight);
}
const offered = () =>
  HttpResponse.json(anAdminSubmission({ status: 'offered', finalOffer: '1450.00', actualWeight: 9.4, version: 8 }));

describe('offer form', () => {
  test('a valid offer sends exactly the body PUT /api/submissions/{id} reads', async () => {
    const seen = recordRequests();
    server.use(http.put(path, offered));
    const { user } = renderWithApp(<OfferForm submission={appraising} />);

    // Dollars as people write them.
    await fillOffer(user, '$1,450', ' 9.4 ');
    await user.type(screen.getByLabelText('Notes (internal)'), '  Stamped 14k.  ');
    await submitAndSend(user);

    expect(await screen.findByText('Submission updated successfully')).toBeTruthy();
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([`PUT ${path}`]);
    await waitFor(() =>
      expect(seen[0]?.body).toEqual({
        finalOffer: '1450.00',
        actualWeight: 9.4,
        adminNotes: 'Stamped 14k.',
        status: 'offered',
        version: 7,
      }),
    );
  });

  test('blank notes go as null', async () => {
    const seen = recordRequests();
    server.use(http.put(path, offered));
    const { user } = renderWithApp(<OfferForm submission={appraising} />);

    await fillOffer(user, '12.5', '1');
    await submitAndSend(user);

    await screen.findByText('Submission updated successfully');
    await waitFor(() =>
      expect(seen[0]?.body).toEqual({ finalOffer: '12.50', actualWeight: 1, adminNotes: null, status: 'offered', version: 7 }),
    );
  });

  test('a missing offer and weight toast SPEC 5 sentence, mark both fields and send nothing', async () => {
    const seen = recordRequests();
    const { user } = renderWithApp(<OfferForm submission={appraising} />);

    await user.click(submit());

    const offer = screen.getByLabelText('Final Offer ($)');
    await waitFor(() => expect(isInvalid(offer)).toBe(true));
    expect(describedText(offer)).toBe(validationMessages.offerAndWeight);
    expect(isInvalid(screen.getByLabelText('Actual Weight'))).toBe(true);
    expect(screen.getAllByText(validationMessages.offerAndWeight)).toHaveLength(3);
    expect(seen).toEqual([]);
  });

  test('an offer with three decimals is refused with the domain message', async () => {
    const seen = recordRequests();
    const { user } = renderWithApp(<OfferForm submission={appraising} />);

    await fillOffer(user, '1450.005', '9.4');
    await user.click(submit());

    const offer = screen.getByLabelText('Final Offer ($)');
    await waitFor(() =>
      expect(describedText(offer)).toBe('The final offer must be an amount in dollars with at most 2 decimals, like 1250.00.'),
    );
    expect(isInvalid(screen.getByLabelText('Actual Weight'))).toBe(false);
    expect(seen).toEqual([]);
  });

  test('the weight is checked in the submission unit: 0.0005 oz is fine, 0.0005 g is not', async () => {
    server.use(http.put(path, offered));
    const inGrams = renderWithApp(<OfferForm submission={appraising} />);
    await fillOffer(inGrams.user, '10', '0.0005');
    await inGrams.user.click(submit());
    await waitFor(() =>
      expect(describedText(screen.getByLabelText('Actual Weight'))).toMatch(
        /^In grams, as weighed on receipt\. The actual weight is too small to weigh/,
      ),
    );
    inGrams.unmount();

    const inOunces = renderWithApp(<OfferForm submission={anAdminSubmission({ weightUnit: 'oz' })} />);
    await fillOffer(inOunces.user, '10', '0.0005');
    await submitAndSend(inOunces.user);
    expect(await screen.findByText('Submission updated successfully')).toBeTruthy();
  });

  test('a server 400 with issues puts each message on its field', async () => {
    const message = 'The actual weight is too large; the most we accept is 100 kg.';
    server.use(
      http.put(path, () =>
        apiError(400, 'BAD_REQUEST', `Invalid body: actualWeight: ${message}`, [{ path: 'actualWeight', message }]),
      ),
    );
    const { user } = renderWithApp(<OfferForm submission={appraising} />);

    await fillOffer(user, '1450', '9.4');
    await submitAndSend(user);

    const weight = screen.getByLabelText('Actual Weight');
    await waitFor(() => expect(isInvalid(weight)).toBe(true));
    expect(describedText(weight)).toBe(`In grams, as weighed on receipt. ${message}`);
    expect(isInvalid(screen.getByLabelText('Final Offer ($)'))).toBe(false);
    expect(screen.getByText('Failed to update submission')).toBeTruthy();
  });

  test.each([
    [409, 'CONFLICT', 'Someone else changed this submission. Reload it and try again.'],
    [500, 'INTERNAL', 'Something went wrong on our side. Please try again in a moment.'],
  ])('a %i shows the server sentence', async (status, code, sentence) => {
    server.use(http.put(path, () => apiError(status, code, sentence)));
    const { user } = renderWithApp(<OfferForm submission={appraising} />);

    await fillOffer(user, '1450', '9.4');
    await submitAndSend(user);

    expect(await screen.findByText(sentence)).toBeTruthy();
    expect(screen.getByText('Failed to update submission')).toBeTruthy();
    expect(isInvalid(screen.getByLabelText('Final Offer ($)'))).toBe(false);
  });

  test('says the offer back before sending it, and Back to edit sends nothing', async () => {
    const seen = recordRequests();
    server.use(http.put(path, offered));
    const { user } = renderWithApp(<OfferForm submission={appraising} />);

    await fillOffer(user, '1450', '9.4');
    await user.click(submit());
    const question = await screen.findByRole('group', { name: /Send an offer of \$1,450\.00 for 9\.4 grams to Customer #/ });
    expect(question).toBe(document.activeElement);
    expect(seen).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Back to edit' }));
    expect(screen.queryByRole('group', { name: /Send an offer/ })).toBeNull();
    expect(seen).toEqual([]);

    await user.clear(screen.getByLabelText('Final Offer ($)'));
    await user.type(screen.getByLabelText('Final Offer ($)'), '1405');
    await submitAndSend(user);
    await screen.findByText('Submission updated successfully');
    await waitFor(() => expect(seen.map((r) => (r.body as { finalOffer: string }).finalOffer)).toEqual(['1405.00']));
  });
});
