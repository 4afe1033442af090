// Issue 27 item 5, the seller's side: an offer over several items is read item by item, each item
// accepted, declined or countered, the domain's sentence said as they choose, one request sent, and
// each outcome's next step (the payout, the return, the wait for our answer).
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ItemDecisionsResponse, SubmissionDetail } from '@assay/domain';
import { createQueryClient } from '@/lib/query-client';
import { clientPaths } from '@/lib/client-paths';
import { describedText } from '@/testing/fields';
import { aSubmissionDetail } from '@/testing/fixtures';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { submissionQueryKey, useSubmission } from '../api/get-submission';
import { anItem, anItemsOffer, anOffer, coinsLine, ringLine, threeItems } from './offer-test-data';
import { SubmissionDetailView } from './submission-detail';

const offer = anItemsOffer();
const detail = aSubmissionDetail({
  status: 'offered',
  finalOffer: offer.total,
  offerValidUntil: offer.validUntil,
  offer,
  items: threeItems,
});
const decisionsPath = `/api/submissions/${detail.id}/offer/items`;
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

type User = ReturnType<typeof renderWithApp>['user'];
const choices = () => screen.getByRole('region', { name: 'Your choice for each item' });
const itemChoice = (heading: string) => within(choices()).getByRole('group', { name: new RegExp(`^${heading}`) });
const sentence = () => screen.getByTestId('item-decisions-sentence').textContent;

async function choose(user: User, heading: string, decision: 'Accept' | 'Decline' | 'Counter', amount?: string) {
  await user.click(within(itemChoice(heading)).getByRole('radio', { name: decision }));
  if (amount !== undefined) await user.type(within(itemChoice(heading)).getByLabelText(/^Your counter-offer for item/), amount);
}

function answers(answer: ItemDecisionsResponse, after: SubmissionDetail) {
  server.use(
    http.post(decisionsPath, () => HttpResponse.json(answer)),
    http.get(detailPath, () => HttpResponse.json(after)),
  );
}

describe('an offer over several items', () => {
  test('groups the lines under each item with its subtotal and stones choice, and has no whole-offer buttons', () => {
    renderDetail();
    const items = screen.getByRole('list', { name: 'Items' });
    const ring = within(items).getByRole('listitem', { name: 'Item 1: 14k ring, stamped 585' });
    expect(within(ring).getByTestId('item-1-subtotal').textContent).toBe('$230.90');
    expect(within(ring).getByText('Stones: Return my stones')).toBeTruthy();
    expect(within(ring).getAllByRole('listitem')).toHaveLength(1);
    const chain = within(items).getByRole('listitem', { name: 'Item 2: Silver chain' });
    expect(
      within(chain).getByText('Our appraiser changed this from the $13.20 these prices give: The clasp is plated base metal.'),
    ).toBeTruthy();
    expect(within(chain).queryByText(/^Stones:/)).toBeNull();
    expect(screen.getByTestId('item-3-subtotal').textContent).toBe('$60.00');
    expect(screen.getByTestId('offer-total').textContent).toBe('$300.90');

    expect(screen.queryByRole('link', { name: 'Accept Offer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline offer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make a counter-offer' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View Consignment' })).toBeTruthy();
  });

  test("says the domain's sentence as the seller chooses, and its reason while the choices are not complete", async () => {
    const seen = recordRequests();
    const { user } = renderDetail();
    expect(sentence()).toBe('Please choose accept, decline or counter for “14k ring, stamped 585”.');

    await choose(user, 'Item 1', 'Accept');
    await choose(user, 'Item 2', 'Decline');
    expect(sentence()).toBe('Please choose accept, decline or counter for “Three silver coins”.');
    await choose(user, 'Item 3', 'Accept');
    expect(sentence()).toBe(
      'You accept 2 items for $290.90, paid together, and decline 1 item, which we send back to you in one insured parcel.',
    );

    await choose(user, 'Item 2', 'Counter');
    const amount = within(itemChoice('Item 2')).getByLabelText('Your counter-offer for item 2 ($)');
    expect(describedText(amount)).toContain('Our offer is $10.00; you can ask up to $30.00.');
    expect(sentence()).toBe('A counter-offer for “Silver chain” must be more than $0.00.');
    await user.type(amount, '30.01');
    expect(sentence()).toBe('A counter-offer for “Silver chain” can be at most 3 times our offer of $10.00, that is $30.00.');

    // Sending while the choices are not complete sends nothing.
    await user.click(screen.getByRole('button', { name: 'Send my choices' }));
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
  });

  test('a partial sale: the choices are sent once, and the new version is to accept with the payout form', async () => {
    const seen = recordRequests();
    const accepted = anOffer({ version: 2, total: '290.90', lines: [{ ...ringLine, item: 1 }, coinsLine] });
    answers(
      { outcome: 'partial', sentence: 'You accept 2 items for $290.90, paid together, and decline 1 item.', offerVersion: 2 },
      { ...detail, finalOffer: '290.90', offer: accepted, previousOffers: [{ ...offer, status: 'superseded' }] },
    );
    const { user } = renderDetail();
    await choose(user, 'Item 1', 'Accept');
    await choose(user, 'Item 2', 'Decline');
    await choose(user, 'Item 3', 'Accept');
    await user.dblClick(screen.getByRole('button', { name: 'Send my choices' }));

    const next = await screen.findByRole('link', { name: 'Accept $290.90' });
    expect(next.getAttribute('href')).toBe(clientPaths.payout(detail.id));
    expect(screen.getByRole('region', { name: 'Your next step' }).textContent).toContain(
      'You accept 2 items for $290.90, paid together, and decline 1 item.',
    );
    const comingBack = screen.getByRole('list', { name: 'Coming back to you' });
    expect(within(comingBack).getByText('Item 2: Silver chain')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your choice for each item' })).toBeNull();

    const posts = seen.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.path).toBe(decisionsPath);
    expect(posts[0]?.body).toEqual({
      offerVersion: 1,
      decisions: [
        { item: 1, decision: 'accept' },
        { item: 2, decision: 'decline' },
        { item: 3, decision: 'accept' },
      ],
    });
  });

  test('every item accepted: the same version goes to the payout form, and the choices can still change', async () => {
    answers({ outcome: 'sale', sentence: 'You accept all 3 items for $300.90, paid together.', offerVersion: 1 }, detail);
    const { user } = renderDetail();
    for (const item of ['Item 1', 'Item 2', 'Item 3']) await choose(user, item, 'Accept');
    expect(sentence()).toBe('You accept all 3 items for $300.90, paid together.');
    await user.click(screen.getByRole('button', { name: 'Send my choices' }));

    expect(await screen.findByRole('link', { name: 'Accept $300.90' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change my choices' }));
    expect(screen.getByRole('region', { name: 'Your choice for each item' })).toBeTruthy();
  });

  test('a counter: the amounts and the message are sent, and the page waits with each item’s choice', async () => {
    const seen = recordRequests();
    const counter = {
      amount: '305.90',
      message: 'The chain is heavier than it looks.',
      at: '2030-11-24T09:30:00.000Z',
      status: 'open',
      items: [
        { item: 1, decision: 'accept' as const, amount: null },
        { item: 2, decision: 'counter' as const, amount: '15.00' },
        { item: 3, decision: 'decline' as const, amount: null },
      ],
    };
    answers(
      { outcome: 'counter', sentence: 'You counter on 1 item.', offerVersion: 1 },
      { ...detail, offer: anItemsOffer({ counter }) },
    );
    const { user } = renderDetail();
    await choose(user, 'Item 1', 'Accept');
    await choose(user, 'Item 2', 'Counter', '$15');
    await choose(user, 'Item 3', 'Decline');
    expect(sentence()).toMatch(/^You counter on 1 item; we answer within 1 business day/);
    await user.type(screen.getByLabelText('Message (optional)'), '  The chain is heavier than it looks. ');
    await user.click(screen.getByRole('button', { name: 'Send my choices' }));

    const waiting = await screen.findByText(/^Your choices of .+: waiting for our appraiser\.$/);
    const status = waiting.closest('[role="status"]') as HTMLElement;
    const rows = within(status).getByRole('list', { name: 'Your choice for each item' });
    expect(
      within(rows)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'Item 1: 14k ring, stamped 585accepted at $230.90',
      'Item 2: Silver chaincountered at $15.00',
      'Item 3: Three silver coinsdeclined (coming back)',
    ]);
    expect(screen.queryByRole('button', { name: 'Send my choices' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(status));

    const posts = seen.filter((r) => r.method === 'POST');
    expect(posts[0]?.body).toEqual({
      offerVersion: 1,
      decisions: [
        { item: 1, decision: 'accept' },
        { item: 2, decision: 'counter', amount: 15 },
        { item: 3, decision: 'decline' },
      ],
      message: 'The chain is heavier than it looks.',
    });
  });

  test('everything declined: the page shows the return as after a decline', async () => {
    answers(
      {
        outcome: 'return',
        sentence: 'You decline all 3 items; we send them back to you in one insured parcel.',
        offerVersion: 1,
      },
      { ...detail, status: 'returning', offer: anItemsOffer({ status: 'declined' }), returnTrackingNumber: '9400111' },
    );
    const { user } = renderDetail();
    for (const item of ['Item 1', 'Item 2', 'Item 3']) await choose(user, item, 'Decline');
    expect(sentence()).toBe('You decline all 3 items; we send them back to you in one insured parcel.');
    await user.click(screen.getByRole('button', { name: 'Send my choices' }));

    expect(await screen.findByText('We are shipping it back')).toBeTruthy();
    expect(screen.getByText('9400111')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your choice for each item' })).toBeNull();
  });

  test("the server's refusal is said on the form and in a toast, and the detail is fetched again", async () => {
    const seen = recordRequests();
    const refusal = 'This offer was replaced by a newer one; please look at it and choose again.';
    server.use(
      http.post(decisionsPath, () => apiError(409, 'CONFLICT', refusal)),
      http.get(detailPath, () => HttpResponse.json(detail)),
    );
    const { user } = renderDetail();
    for (const item of ['Item 1', 'Item 2', 'Item 3']) await choose(user, item, 'Accept');
    await user.click(screen.getByRole('button', { name: 'Send my choices' }));
    expect(await screen.findByText('Your choices were not sent')).toBeTruthy();
    expect(within(choices()).getByRole('alert').textContent).toBe(refusal);
    await waitFor(() => expect(seen.some((r) => r.method === 'GET' && r.path === detailPath)).toBe(true));
    expect(screen.getByRole('button', { name: 'Send my choices' })).toBeTruthy();
  });
});

describe('the version a partial answer made, seen again', () => {
  test('is accepted as it stands, with the items left out coming back; the choices can still change', async () => {
    const kept = anOffer({ version: 2, total: '290.90', lines: [{ ...ringLine, item: 1 }, coinsLine] });
    const { user } = renderDetail({
      ...detail,
      finalOffer: '290.90',
      offer: kept,
      previousOffers: [{ ...offer, status: 'superseded' }],
    });
    const next = screen.getByRole('region', { name: 'Your next step' });
    expect(within(next).getByText('This offer is for the 2 items you kept, $290.90 together.')).toBeTruthy();
    expect(within(next).getByRole('link', { name: 'Accept $290.90' }).getAttribute('href')).toBe(clientPaths.payout(detail.id));
    expect(within(screen.getByRole('list', { name: 'Coming back to you' })).getByText('Item 2: Silver chain')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your choice for each item' })).toBeNull();

    await user.click(within(next).getByRole('button', { name: 'Change my choices' }));
    expect(
      within(choices())
        .getAllByRole('group')
        .map((group) => group.querySelector('legend span')?.textContent),
    ).toEqual(['Item 1: 14k ring, stamped 585', 'Item 3: Three silver coins']);
  });
});

describe('an offer over one item', () => {
  test('stays as today: the lines in one list and the whole-offer buttons', () => {
    const one = anOffer({ lines: [{ ...ringLine, item: 1 }], total: '230.90' });
    renderDetail({ ...detail, offer: one, finalOffer: '230.90', items: [anItem(1, '14k ring, stamped 585')] });
    expect(screen.getByRole('list', { name: 'Offer lines' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Items' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Accept Offer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make a counter-offer' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your choice for each item' })).toBeNull();
  });
});

describe('after a partial sale is paid', () => {
  test('the declined items and their return tracking number are on the shipping card', () => {
    renderDetail({
      ...detail,
      status: 'completed',
      offer: anOffer({ version: 2, status: 'accepted', lines: [{ ...ringLine, item: 1 }, coinsLine], total: '290.90' }),
      items: threeItems.map((item) => ({ ...item, outcome: item.position === 2 ? 'returned' : 'sold' })),
      returnTrackingNumber: '9400222',
    });
    const shipping = screen.getByRole('region', { name: 'Shipping' });
    expect(within(shipping).getByText('We are shipping back the items you declined')).toBeTruthy();
    expect(within(shipping).getByText('Item 2: Silver chain')).toBeTruthy();
    expect(within(shipping).getByText('9400222')).toBeTruthy();
  });
});
