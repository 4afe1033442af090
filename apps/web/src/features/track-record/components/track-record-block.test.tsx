import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TrackRecordResponse } from '@assay/domain';
import { server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { trackRecordAnswer } from '@/testing/track-record';
import { TrackRecordBlock, TrackRecordNote } from './track-record-block';

const serve = (answer: TrackRecordResponse | { message: string }, status = 200) =>
  server.use(http.get('/api/track-record', () => HttpResponse.json(answer, { status })));

describe('our track record (issue 27 item 3)', () => {
  test('each category with its median share of the quote, its floor share, or why there is none', async () => {
    serve(trackRecordAnswer());
    renderWithApp(<TrackRecordBlock />);
    const block = await screen.findByRole('region', { name: 'Our track record (last 90 days)' }, { timeout: 10_000 });
    const items = within(within(block).getByRole('list', { name: 'Track record per category' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'JewelryFinal offer vs. quote (median)96.5%of 12 offersOffers at or above the floor100%of 7 offers',
      'Coins/ScrapFinal offer vs. quote (median)Not enough data yet3 offers; we publish a figure from 5.Offers at or above the floorNot enough data yet2 offers; we publish a figure from 5.',
      'Loose GemsFinal offer vs. quote (median)Not enough data yetNo offers; we publish a figure from 5.Offers at or above the floorNot enough data yetNo offers with a floor; we publish a figure from 5.',
    ]);
    // The page says which figure of the quote, which offers, the window and the minimum.
    const definitions = within(block).getByTestId('track-record-definitions').textContent;
    expect(definitions).toContain('midpoint of its preliminary quote');
    expect(definitions).toContain('accepted, declined or expired, made in the last 90 days');
    expect(definitions).toContain('at least 5 offers');
    expect(within(block).queryByText("Sample figures from the demo's data")).toBeNull();
  });

  test("demo figures are labelled as the demo's sample data", async () => {
    serve(trackRecordAnswer({ sample: true }));
    renderWithApp(<TrackRecordBlock />);
    const block = await screen.findByRole('region', { name: 'Our track record (last 90 days)' }, { timeout: 10_000 });
    expect(within(block).getByText("Sample figures from the demo's data")).toBeTruthy();
  });

  test('says nothing when the figures cannot be had', async () => {
    serve({ message: 'down' }, 503);
    renderWithApp(
      <div data-testid="host">
        <TrackRecordBlock />
      </div>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('host').textContent).toBe('');
  });

  test("the calculator's note shows the categories of its metal or gem", async () => {
    serve(trackRecordAnswer({ sample: true }));
    renderWithApp(<TrackRecordNote categories={['jewelry', 'scrap']} />);
    const note = await screen.findByTestId('quote-track-record');
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      "Jewelry: final offers came to a median 96.5% of the quote's midpoint (12 offers).",
      'Coins/Scrap: not enough data yet (3 offers; we publish from 5).',
    ]);
    expect(within(note).getByText("Sample figures from the demo's data")).toBeTruthy();
  });
});
