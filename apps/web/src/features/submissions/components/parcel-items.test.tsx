// A parcel of several items on the seller's pages (issue 27 item 5): the detail lists each item
// with its photos, material, weight, stones and quote, and once settled whether it was sold or is
// coming back; a parcel of one shows nothing new.
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { aSubmission, aSubmissionDetail } from '@/testing/fixtures';
import { anItem, threeItems } from '@/testing/parcel-items';
import { renderWithApp } from '@/testing/render';
import { SubmissionCard } from './submission-card';
import { SubmissionDetailView } from './submission-detail';

const list = () => screen.getByRole('region', { name: 'Items in this parcel' });
const entry = (name: RegExp) => within(list()).getByRole('listitem', { name });

describe("the seller's detail of a parcel of several items", () => {
  test('lists each item: number, description, category, material, weight, stones, photos and quote', () => {
    renderWithApp(<SubmissionDetailView detail={aSubmissionDetail({ status: 'appraising', items: threeItems() })} />);

    expect(within(list()).getAllByRole('listitem')).toHaveLength(3);
    const ring = within(entry(/^Item 1: 14k gold ring/));
    expect(ring.getByText('Jewelry')).toBeTruthy();
    expect(ring.getByText('Not sure')).toBeTruthy();
    expect(ring.getByText('9.5 grams')).toBeTruthy();
    expect(ring.getByText('Return my stones')).toBeTruthy();
    expect(ring.getByText('$223 – $335')).toBeTruthy();

    const chain = within(entry(/^Item 2: Broken 14k chain/));
    expect(chain.getByText('Coins/Scrap')).toBeTruthy();
    expect(chain.getByText('Gold 14K')).toBeTruthy();
    expect(chain.getByRole('img', { name: 'Photo 1 of item 2, Broken 14k chain' }).getAttribute('src')).toBe(
      '/api/objects/img-7?size=thumb',
    );
    // Only jewelry is asked about stones.
    expect(chain.queryByText('Stones')).toBeNull();

    const gems = within(entry(/^Item 3: Two loose sapphires/));
    expect(gems.getByText('1.5 carats')).toBeTruthy();
    expect(gems.getByText('Pending')).toBeTruthy();
    // Nothing is settled yet.
    expect(within(list()).queryByText('Sold')).toBeNull();
    expect(within(list()).queryByText('Coming back')).toBeNull();
    // The facts say the parcel's count instead of item 1's category and weight.
    expect(screen.getByText('3 items, listed below')).toBeTruthy();
  });

  test('once settled, each item says whether it was sold or is coming back', () => {
    renderWithApp(
      <SubmissionDetailView
        detail={aSubmissionDetail({ status: 'returning', items: threeItems(['sold', 'returned', 'sold']) })}
      />,
    );
    expect(within(entry(/^Item 1:/)).getByText('Sold')).toBeTruthy();
    expect(within(entry(/^Item 2:/)).getByText('Coming back')).toBeTruthy();
    expect(within(entry(/^Item 3:/)).getByText('Sold')).toBeTruthy();
  });

  test('a parcel of one shows nothing new', () => {
    renderWithApp(<SubmissionDetailView detail={aSubmissionDetail({ items: [anItem({ stoneChoice: 'melt-with-stones' })] })} />);
    expect(screen.queryByRole('region', { name: 'Items in this parcel' })).toBeNull();
    expect(screen.queryByText('Melt with the stones')).toBeNull();
    expect(screen.getByText('Estimated weight')).toBeTruthy();
  });
});

describe("the seller's card of a parcel", () => {
  test('says how many items instead of item 1 weight; a single item keeps its weight', () => {
    const { unmount } = renderWithApp(
      <ul>
        <SubmissionCard submission={aSubmission({ items: threeItems() })} />
      </ul>,
    );
    expect(screen.getByText('3 items')).toBeTruthy();
    expect(screen.queryByText('9.5 grams')).toBeNull();
    unmount();

    renderWithApp(
      <ul>
        <SubmissionCard submission={aSubmission({ items: [anItem()] })} />
      </ul>,
    );
    expect(screen.getByText('9.5 grams')).toBeTruthy();
    expect(screen.queryByText(/items$/)).toBeNull();
  });
});
