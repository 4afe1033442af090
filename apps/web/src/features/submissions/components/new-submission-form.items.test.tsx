// A parcel of several items on the new-submission form (issue 27 item 5): item 1 stays SPEC's
// top-level body, each added item goes in `items` with its own photos, and jewelry asks what
// happens to its stones, showing each choice's risk before it is chosen.
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MAX_ITEMS_PER_SUBMISSION, stoneChoiceInfo, validationMessages } from '@assay/domain';
import { describedText, isInvalid } from '@/testing/fields';
import { aSubmission } from '@/testing/fixtures';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { NewSubmissionForm } from './new-submission-form';

type User = ReturnType<typeof renderWithApp>['user'];

// Each item mounts its own photo widget (Uppy's Dashboard), which jsdom renders slowly: the tests
// that add several items get more time than the project's 20 s on a busy machine.
const SEVERAL_ITEMS = { timeout: 60_000 };

const submit = () => screen.getByRole('button', { name: 'Submit for Preliminary Appraisal' });
const addItem = () => screen.getByRole('button', { name: 'Add another item' });
const item = (number: number) => screen.getByRole('group', { name: `Item ${number}` });
const createdMessage = "Submission created successfully! You'll receive a preliminary quote within 24 hours.";

/** Item 1 is filled before any other item exists, so its labels are the only ones on the page. */
async function fillItemOne(user: User) {
  await user.click(screen.getByText('Jewelry', { exact: true }));
  await user.type(screen.getByLabelText('Detailed Description *'), '18k yellow gold ring');
  await user.type(screen.getByLabelText('Estimated Weight *'), '6.2');
}

async function fillItem(user: User, number: number, values: { category: string; description: string; weight: string }) {
  const group = within(item(number));
  await user.click(group.getByText(values.category, { exact: true }));
  await user.type(group.getByLabelText('Detailed Description *'), values.description);
  await user.type(group.getByLabelText('Estimated Weight *'), values.weight);
}

function photo(name: string) {
  return new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], name, { type: 'image/jpeg' });
}

/** A signed URL per photo, then the PUT answering the stored photo (as apps/api does). */
function uploadsSucceed() {
  let n = 0;
  server.use(
    http.post('/api/objects/upload', () => {
      n += 1;
      return HttpResponse.json({ uploadURL: `/api/objects/uploads/img-${n}?expires=1&signature=s`, imageId: `img-${n}` });
    }),
    http.put('/api/objects/uploads/:id', ({ params }) =>
      HttpResponse.json({
        imageId: params.id,
        url: `/api/objects/${String(params.id)}`,
        thumbnailUrl: `/api/objects/${String(params.id)}?size=thumb`,
      }),
    ),
  );
}

const sentBody = (seen: ReturnType<typeof recordRequests>) =>
  seen.find((request) => request.method === 'POST' && request.path === '/api/submissions')?.body;

describe('a parcel of several items', () => {
  test(
    'an added item is sent in items with its own photos, the stones choices go with their items, and the quote sums them',
    SEVERAL_ITEMS,
    async () => {
      uploadsSucceed();
      const seen = recordRequests();
      server.use(http.post('/api/submissions', () => HttpResponse.json(aSubmission(), { status: 201 })));
      const { user } = renderWithApp(<NewSubmissionForm userId="user-1" />);

      await fillItemOne(user);
      // Item 1 is jewelry: the stones question, each choice's risk shown before choosing.
      const stones = screen.getByRole('group', { name: 'Does it have stones?' });
      expect(within(stones).getByRole('radio', { name: 'None' })).toHaveProperty('checked', true);
      const pay = within(stones).getByRole('radio', { name: stoneChoiceInfo['pay-for-stones'].label });
      expect(describedText(pay)).toContain(stoneChoiceInfo['pay-for-stones'].risk);
      expect(within(stones).getByText(stoneChoiceInfo['melt-with-stones'].risk)).toBeTruthy();
      await user.click(pay);

      await user.click(addItem());
      expect(screen.getByRole('heading', { name: 'Item 1' })).toBeTruthy();
      await fillItem(user, 2, { category: 'Coins/Scrap', description: 'Broken 14k chain', weight: '10' });
      // Scrap has no stones to ask about.
      expect(within(item(2)).queryByRole('group', { name: 'Does it have stones?' })).toBeNull();
      await user.upload(within(item(2)).getByLabelText('Add Primary photo'), photo('chain.jpg'));
      await waitFor(() => expect(within(item(2)).getByText('Uploaded')).toBeTruthy());

      await user.click(addItem());
      await fillItem(user, 3, { category: 'Jewelry', description: 'Opal pendant', weight: '2' });
      await user.click(
        within(within(item(3)).getByRole('group', { name: 'Does it have stones?' })).getByRole('radio', {
          name: stoneChoiceInfo['return-stones'].label,
        }),
      );

      // SPEC 9: 6.2 g jewelry $223 – $335, 10 g scrap $280 – $420, 2 g jewelry $72 – $108.
      const quote = screen.getByRole('status', { name: 'Preliminary quote for your parcel' });
      expect(within(quote).getByText('$280 – $420')).toBeTruthy();
      expect(within(quote).getByText('$575 – $863')).toBeTruthy();
      expect(within(quote).getByText('Parcel total')).toBeTruthy();
      expect(within(item(2)).getByText('$280 – $420')).toBeTruthy();

      await user.click(submit());

      expect(await screen.findByText(createdMessage)).toBeTruthy();
      await waitFor(() =>
        expect(sentBody(seen)).toEqual({
          category: 'jewelry',
          description: '18k yellow gold ring',
          estimatedWeight: 6.2,
          weightUnit: 'grams',
          stoneChoice: 'pay-for-stones',
          images: [],
          preliminaryQuoteMin: '223',
          preliminaryQuoteMax: '335',
          items: [
            {
              category: 'scrap',
              description: 'Broken 14k chain',
              estimatedWeight: 10,
              weightUnit: 'grams',
              material: null,
              stoneChoice: null,
              images: ['img-1'],
            },
            {
              category: 'jewelry',
              description: 'Opal pendant',
              estimatedWeight: 2,
              weightUnit: 'grams',
              material: null,
              stoneChoice: 'return-stones',
              images: [],
            },
          ],
        }),
      );
    },
  );

  test('a stones choice is let go when the item stops being jewelry', async () => {
    const seen = recordRequests();
    server.use(http.post('/api/submissions', () => HttpResponse.json(aSubmission(), { status: 201 })));
    const { user } = renderWithApp(<NewSubmissionForm userId="user-1" />);

    await fillItemOne(user);
    await user.click(screen.getByRole('radio', { name: stoneChoiceInfo['melt-with-stones'].label }));
    await user.click(screen.getByText('Coins/Scrap', { exact: true }));
    expect(screen.queryByRole('group', { name: 'Does it have stones?' })).toBeNull();
    await user.click(submit());

    await screen.findByText(createdMessage);
    await waitFor(() => expect(sentBody(seen)).toMatchObject({ category: 'scrap' }));
    expect(sentBody(seen)).not.toHaveProperty('stoneChoice');
    expect(sentBody(seen)).not.toHaveProperty('items');
  });

  test('"Remove item" takes that item out, and the ones after it move up', SEVERAL_ITEMS, async () => {
    const seen = recordRequests();
    server.use(http.post('/api/submissions', () => HttpResponse.json(aSubmission(), { status: 201 })));
    const { user } = renderWithApp(<NewSubmissionForm userId="user-1" />);

    await fillItemOne(user);
    await user.click(addItem());
    await fillItem(user, 2, { category: 'Coins/Scrap', description: 'Old coin', weight: '3' });
    await user.click(addItem());
    await fillItem(user, 3, { category: 'Jewelry', description: 'Silver bracelet', weight: '12' });

    await user.click(within(item(2)).getByRole('button', { name: 'Remove item 2' }));

    expect(screen.queryByRole('group', { name: 'Item 3' })).toBeNull();
    expect(within(item(2)).getByDisplayValue('Silver bracelet')).toBeTruthy();
    await user.click(submit());

    await screen.findByText(createdMessage);
    await waitFor(() =>
      expect(sentBody(seen)).toMatchObject({ items: [{ description: 'Silver bracelet', estimatedWeight: 12 }] }),
    );
    expect((sentBody(seen) as { items: unknown[] }).items).toHaveLength(1);
  });

  test('removing every added item brings back the one-item form', async () => {
    const { user } = renderWithApp(<NewSubmissionForm userId="user-1" />);
    await fillItemOne(user);
    await user.click(addItem());
    expect(screen.getByRole('status', { name: 'Preliminary quote for your parcel' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove item 2' }));

    expect(screen.queryByRole('group', { name: 'Item 2' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Item 1' })).toBeNull();
    expect(screen.queryByRole('status', { name: 'Preliminary quote for your parcel' })).toBeNull();
  });

  test(
    `a parcel holds at most ${MAX_ITEMS_PER_SUBMISSION} items: then the button gives way to a sentence`,
    SEVERAL_ITEMS,
    async () => {
      const { user } = renderWithApp(<NewSubmissionForm userId="user-1" />);

      for (let added = 1; added < MAX_ITEMS_PER_SUBMISSION; added++) await user.click(addItem());

      expect(item(MAX_ITEMS_PER_SUBMISSION)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Add another item' })).toBeNull();
      expect(
        screen.getByText(
          `This parcel is full: one submission holds up to ${MAX_ITEMS_PER_SUBMISSION} items. Please send the rest in another submission.`,
        ),
      ).toBeTruthy();

      await user.click(screen.getByRole('button', { name: `Remove item ${MAX_ITEMS_PER_SUBMISSION}` }));
      expect(addItem()).toBeTruthy();
    },
  );

  test("an added item left blank says what it needs, toasts SPEC 5's sentence and sends nothing", async () => {
    const seen = recordRequests();
    const { user } = renderWithApp(<NewSubmissionForm userId="user-1" />);

    await fillItemOne(user);
    await user.click(addItem());
    await user.click(submit());

    expect(await screen.findByText(validationMessages.requiredFields)).toBeTruthy();
    const group = within(item(2));
    expect(group.getByText('Please choose what you are selling.')).toBeTruthy();
    const description = group.getByLabelText('Detailed Description *');
    expect(isInvalid(description)).toBe(true);
    expect(describedText(description)).toContain('Please describe your item.');
    expect(describedText(group.getByLabelText('Estimated Weight *'))).toContain('Please enter the estimated weight.');
    expect(seen).toEqual([]);
  });

  test("a server 400 about an added item's field puts the message on that item", async () => {
    const message = 'Please keep the description to 2000 characters or fewer.';
    server.use(
      http.post('/api/submissions', () =>
        apiError(400, 'BAD_REQUEST', `Invalid body: items.0.description: ${message}`, [{ path: 'items.0.description', message }]),
      ),
    );
    const { user } = renderWithApp(<NewSubmissionForm userId="user-1" />);

    await fillItemOne(user);
    await user.click(addItem());
    await fillItem(user, 2, { category: 'Coins/Scrap', description: 'Old coin', weight: '3' });
    await user.click(submit());

    const description = within(item(2)).getByLabelText('Detailed Description *');
    await waitFor(() => expect(isInvalid(description)).toBe(true));
    expect(describedText(description)).toContain(message);
    expect(isInvalid(screen.getAllByLabelText('Detailed Description *')[0]!)).toBe(false);
  });

  test('a saved draft keeps the added items (without their photos) and brings them back', async () => {
    const { user, unmount } = renderWithApp(<NewSubmissionForm userId="user-draft" />);
    await fillItemOne(user);
    await user.click(addItem());
    await fillItem(user, 2, { category: 'Coins/Scrap', description: 'Old coin', weight: '3' });
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Draft saved')).toBeTruthy();
    unmount();

    renderWithApp(<NewSubmissionForm userId="user-draft" />);
    expect(within(item(2)).getByDisplayValue('Old coin')).toBeTruthy();
    expect(within(item(2)).getByRole<HTMLInputElement>('radio', { name: 'Coins/Scrap' }).checked).toBe(true);
    expect(
      within(screen.getByRole('status', { name: 'Preliminary quote for your parcel' })).getByText('$84 – $126'),
    ).toBeTruthy();
    window.localStorage.clear();
  });

  test('an item without a weight yet is left out of the total, which says so', async () => {
    const { user } = renderWithApp(<NewSubmissionForm userId="user-1" />);

    await fillItemOne(user);
    await user.click(addItem());
    await user.click(within(item(2)).getByText('Coins/Scrap', { exact: true }));

    const quote = screen.getByRole('status', { name: 'Preliminary quote for your parcel' });
    expect(within(quote).getByText('Total so far')).toBeTruthy();
    expect(within(quote).getByText('Needs its category and weight')).toBeTruthy();
    expect(within(quote).getByText('The sum for 1 of 2 items; the others are added once they have an estimate.')).toBeTruthy();
  });
});
