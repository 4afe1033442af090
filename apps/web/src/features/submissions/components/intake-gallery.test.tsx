// Issue 27 item 9 as the seller sees it: the photos taken when the parcel was opened, as a labelled
// gallery beside the offer, each numbered, with alt text, and enlargeable from the keyboard.
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { SubmissionDetail } from '@assay/domain';
import { aSubmissionDetail } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { anOffer } from './offer-test-data';
import { SubmissionDetailView } from './submission-detail';

const photos = ['a1', 'b2', 'c3'].map((id) => ({ id, url: `/api/objects/${id}`, thumbnailUrl: `/api/objects/${id}?size=thumb` }));
const timeline = (withPhotos: boolean): SubmissionDetail['timeline'] => [
  { at: '2030-01-01T12:00:00.000Z', action: 'created', fromStatus: null, toStatus: 'new', label: 'Submitted' },
  {
    at: '2030-01-02T12:00:00.000Z',
    action: 'received',
    fromStatus: 'new',
    toStatus: 'appraising',
    label: 'Parcel received, appraisal started',
    ...(withPhotos ? { photos } : {}),
  },
];
const offer = anOffer();
const offered = (withPhotos = true) =>
  aSubmissionDetail({
    status: 'offered',
    description: 'Grandmother ring',
    finalOffer: offer.total,
    offerValidUntil: offer.validUntil,
    offer,
    timeline: timeline(withPhotos),
  });

describe('the intake gallery on the offer page', () => {
  test('"Your parcel as we opened it": each photo numbered, with alt text naming the parcel', () => {
    renderWithApp(<SubmissionDetailView detail={offered()} />);
    const gallery = screen.getByRole('region', { name: 'Your parcel as we opened it' });
    expect(within(gallery).getByText(/Taken by our appraiser when your parcel was opened/)).toBeTruthy();
    const figures = within(gallery).getAllByRole('figure');
    expect(figures.map((figure) => figure.querySelector('figcaption')?.textContent)).toEqual([
      'Photo 1 of 3',
      'Photo 2 of 3',
      'Photo 3 of 3',
    ]);
    const images = within(gallery).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('src'))).toEqual(photos.map((p) => p.thumbnailUrl));
    expect(images[0]?.getAttribute('alt')).toBe('Photo 1 of 3 of your parcel (Grandmother ring), taken when we opened it');
  });

  test('a photo opens larger from the keyboard; the arrows and buttons page through; the close button hands back', async () => {
    const { user } = renderWithApp(<SubmissionDetailView detail={offered()} />);
    const gallery = screen.getByRole('region', { name: 'Your parcel as we opened it' });
    const second = within(gallery).getByRole('button', { name: 'Enlarge photo 2 of 3' });
    second.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Photo 2 of 3' });
    const large = () => within(screen.getByRole('dialog')).getByRole('img');
    expect(large().getAttribute('src')).toBe(photos[1]!.url);
    expect(
      within(dialog)
        .getByRole('link', { name: /Full size/ })
        .getAttribute('href'),
    ).toBe(photos[1]!.url);
    await user.keyboard('{ArrowRight}');
    expect(large().getAttribute('src')).toBe(photos[2]!.url);
    await user.keyboard('{ArrowRight}');
    expect(large().getAttribute('src')).toBe(photos[0]!.url);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /Previous/ }));
    expect(screen.getByRole('dialog', { name: 'Photo 3 of 3' })).toBeTruthy();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('no gallery when the appraiser took no photos', () => {
    renderWithApp(<SubmissionDetailView detail={offered(false)} />);
    expect(screen.queryByRole('region', { name: 'Your parcel as we opened it' })).toBeNull();
  });
});
