// Issue 11 item 5, the seller's side: one counter-offer per offer version, checked in the browser
// with the domain's own sentences, confirmed, sent once, and then its state on the detail.
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createQueryClient } from '@/lib/query-client';
import { offerMessages, type SubmissionDetail } from '@assay/domain';
import { offerExpiredText } from '@/components/offer-validity';
import { describedText, isInvalid } from '@/testing/fields';
import { aSubmissionDetail } from '@/testing/fixtures';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { submissionQueryKey, useSubmission } from '../api/get-submission';
import { anOffer, inMs } from './offer-test-data';
import { SubmissionDetailView } from './submission-detail';

const offer = anOffer();
const detail = aSubmissionDetail({ status: 'offered', finalOffer: offer.total, offerValidUntil: offer.validUntil, offer });
const counterPath = `/api/submissions/${detail.id}/counter`;
const detailPath = `/api/submissions/${detail.id}`;

/** The page as it runs: the detail from the query cache, so a refetch shows on screen. */
function DetailFromCache() {
  const { data } = useSubmission(detail.id);
  return data ? <SubmissionDetailView detail={data} /> : null;
}

function renderDetail(shown: SubmissionDetail = detail) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(submissionQueryKey(shown.id), shown);
  return renderWithApp(<DetailFromCache />, { queryClient });
}

const amountField = () => screen.getByLabelText('Your counter-offer ($)');

async function openForm(user: ReturnType<typeof renderWithApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Make a counter-offer' }));
  return screen.getByRole('form', { name: 'Counter-offer' });
}

describe('the counter-offer form', () => {
  test('opens on the amount, and says what it may be', async () => {
    const { user } = renderDetail();
    await openForm(user);
    expect(document.activeElement).toBe(amountField());
    expect(describedText(amountField())).toContain('Our offer is $240.90; you can ask up to $722.70.');
  });

  test('$0 is refused on its field with the domain sentence, and nothing is sent', async () => {
    const seen = recordRequests();
    const { user } = renderDetail();
    await openForm(user);
    await user.type(amountField(), '0');
    await user.click(screen.getByRole('button', { name: 'Review counter-offer' }));
    expect(await screen.findByText('A counter-offer must be more than $0.00.')).toBeTruthy();
    expect(isInvalid(amountField())).toBe(true);
    expect(screen.queryByRole('button', { name: /^Send .* counter-offer$/ })).toBeNull();
    expect(seen).toEqual([]);
  });

  test('more than 3 times the offer is refused with the bound in dollars', async () => {
    const seen = recordRequests();
    const { user } = renderDetail();
    await openForm(user);
    await user.type(amountField(), '$722.71');
    await user.click(screen.getByRole('button', { name: 'Review counter-offer' }));
    expect(await screen.findByText('A counter-offer can be at most 3 times our offer of $240.90, that is $722.70.')).toBeTruthy();
    expect(describedText(amountField())).toContain('at most 3 times');
    expect(seen).toEqual([]);
  });

  test('a message over 1000 characters is refused on the message field', async () => {
    const seen = recordRequests();
    const { user } = renderDetail();
    await openForm(user);
    await user.type(amountField(), '300');
    fireEvent.change(screen.getByLabelText('Message (optional)'), { target: { value: 'x'.repeat(1001) } });
    await user.click(screen.getByRole('button', { name: 'Review counter-offer' }));
    expect(await screen.findByText(offerMessages.counterMessageTooLong)).toBeTruthy();
    expect(isInvalid(screen.getByLabelText('Message (optional)'))).toBe(true);
    expect(seen).toEqual([]);
  });

  test('confirmed, it POSTs the body once, says so, and the refreshed detail shows it waiting', async () => {
    const seen = recordRequests();
    const countered = anOffer({
      counter: {
        amount: '300.00',
        message: 'The hallmark says 18k.',
        at: '2030-11-24T09:30:00.000Z',
        status: 'open',
        items: null,
      },
    });
    server.use(
      http.post(counterPath, () => HttpResponse.json(countered)),
      http.get(detailPath, () => HttpResponse.json({ ...detail, offer: countered })),
    );
    const { user } = renderDetail();
    await openForm(user);
    await user.type(amountField(), '$300');
    await user.type(screen.getByLabelText('Message (optional)'), '  The hallmark says 18k.  ');
    await user.click(screen.getByRole('button', { name: 'Review counter-offer' }));

    const confirm = await screen.findByRole('group', { name: /Ask \$300\.00 instead of our \$240\.90\?/ });
    const send = within(confirm).getByRole('button', { name: 'Send $300.00 counter-offer' });
    await user.dblClick(send);

    expect(await screen.findByText('Counter-offer sent')).toBeTruthy();
    const waiting = await screen.findByText(/^You asked \$300\.00 on .+: waiting for our appraiser\.$/);
    expect(document.activeElement).toBe(waiting.closest('[role="status"]'));
    expect(screen.getByText('The hallmark says 18k.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make a counter-offer' })).toBeNull();
    await waitFor(() => expect(seen.some((r) => r.method === 'GET' && r.path === detailPath)).toBe(true));
    const posts = seen.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.path).toBe(counterPath);
    expect(posts[0]?.body).toEqual({ amount: '300.00', message: 'The hallmark says 18k.' });
  });

  test("the server's refusal is said, and the detail is fetched again to show why", async () => {
    const seen = recordRequests();
    const sentence = 'You have already made a counter-offer on this offer; each offer can be countered once.';
    server.use(
      http.post(counterPath, () => apiError(409, 'CONFLICT', sentence)),
      http.get(detailPath, () => HttpResponse.json(detail)),
    );
    const { user } = renderDetail();
    await openForm(user);
    await user.type(amountField(), '300');
    await user.click(screen.getByRole('button', { name: 'Review counter-offer' }));
    // The form checks the amount asynchronously before the confirmation appears.
    await user.click(await screen.findByRole('button', { name: 'Send $300.00 counter-offer' }));
    expect(await screen.findByText('Your counter-offer was not sent')).toBeTruthy();
    expect(screen.getByText(sentence)).toBeTruthy();
    await waitFor(() => expect(seen.some((r) => r.method === 'GET')).toBe(true));
  });
});

describe('when the offer cannot be countered', () => {
  test('already countered: where it stands, and no form', () => {
    const countered = anOffer({
      counter: { amount: '310.00', message: '', at: '2030-11-24T09:30:00.000Z', status: 'open', items: null },
    });
    renderDetail({ ...detail, offer: countered });
    expect(screen.getByText(/^You asked \$310\.00 on .+: waiting for our appraiser\.$/)).toBeTruthy();
    expect(screen.getByText(/Each offer can be countered once\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make a counter-offer' })).toBeNull();
  });

  test('a lapsed offer has no counter-offer form, only the sentence asking for a re-issue', () => {
    const validUntil = inMs(-3_600_000);
    renderDetail({ ...detail, offerValidUntil: validUntil, offer: anOffer({ validUntil, lapsed: true }) });
    expect(screen.getByText(offerExpiredText(validUntil))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make a counter-offer' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Counter-offer' })).toBeNull();
  });

  test('an accepted offer has no counter-offer form', () => {
    renderDetail({ ...detail, status: 'completed', offer: anOffer({ status: 'accepted' }) });
    expect(screen.queryByRole('button', { name: 'Make a counter-offer' })).toBeNull();
  });

  test('a new version says what became of the counter-offer on the one before, and can be countered once', () => {
    const previous = anOffer({
      id: 'off_0000000000000000000001',
      status: 'superseded',
      counter: { amount: '300.00', message: '', at: '2030-11-24T09:30:00.000Z', status: 'accepted', items: null },
    });
    const current = anOffer({ version: 2, total: '300.00', lines: [{ ...anOffer().lines[0]!, amount: '300.00' }] });
    renderDetail({ ...detail, offer: current, previousOffers: [previous] });
    const section = screen.getByRole('region', { name: 'Your counter-offer' });
    expect(
      within(section).getByText(/^You asked \$300\.00 on .+: we accepted it, so our offer is now \$300\.00\.$/),
    ).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Make a counter-offer' })).toBeTruthy();
  });
});
