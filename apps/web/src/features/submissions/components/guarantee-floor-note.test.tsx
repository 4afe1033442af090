// Issue 27 item 2 as the seller reads it under the offer: the guaranteed floor kept, moved by the
// measured facts (each named, with what was told, what was measured and its dollars), or missed for
// another reason (a free return and the goodwill).
import { describe, expect, test } from 'vitest';
import type { SubmissionDetail } from '@assay/domain';
import { screen, within } from '@testing-library/react';
import { aSubmissionDetail } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { anOffer } from './offer-test-data';
import { GuaranteeFloorNote } from './guarantee-floor-note';
import { SubmissionDetailView } from './submission-detail';

const offer = anOffer();
const detailWith = (floorJudgement: SubmissionDetail['floorJudgement']) =>
  aSubmissionDetail({ status: 'offered', finalOffer: offer.total, offerValidUntil: offer.validUntil, offer, floorJudgement });

describe('the guaranteed floor under the offer', () => {
  test('names each measured fact that moved the floor, what was told and measured, and its dollars', () => {
    renderWithApp(
      <SubmissionDetailView
        detail={detailWith({
          kind: 'measured',
          floor: '382.50',
          movedFloor: '205.29',
          goodwill: null,
          effects: [
            { item: 1, fact: 'weight', named: '10.0000', measured: '8.0000', effect: '-72.00' },
            { item: 1, fact: 'purity', named: '58.500', measured: '41.700', effect: '-82.71' },
          ],
        })}
      />,
    );
    const note = screen.getByRole('region', { name: 'Your guaranteed floor: $382.50' });
    expect(within(note).getByText(/moves with what we measured, to \$205\.29/)).toBeTruthy();
    const [weight, purity] = within(note).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(weight.textContent).toBe('Weight: you told us 10 g, we measured 8 g−$72.00');
    expect(purity.textContent).toBe('Purity: you told us 14.0K (58.5% gold), we measured 10.0K (41.7% gold)−$82.71');
  });

  test('a shortfall says the return is free and the goodwill is owed', () => {
    renderWithApp(
      <SubmissionDetailView
        detail={detailWith({ kind: 'shortfall', floor: '382.50', movedFloor: '382.50', goodwill: '25.00', effects: [] })}
      />,
    );
    const note = screen.getByRole('region', { name: 'Your guaranteed floor: $382.50' });
    expect(note.textContent).toMatch(/we ship your item back free, and either way we owe you a goodwill payment of \$25\.00/);
  });

  test('in a parcel of several items, each fact names its item and the floor is said to be their sum', () => {
    const items = [
      { position: 1, description: '14k chain' },
      { position: 2, description: '14k bracelet' },
    ];
    renderWithApp(
      <GuaranteeFloorNote
        items={items}
        judgement={{
          kind: 'measured',
          floor: '1147.50',
          movedFloor: '994.50',
          goodwill: null,
          effects: [{ item: 2, fact: 'weight', named: '20.0000', measured: '16.0000', effect: '-153.00' }],
        }}
      />,
    );
    const note = screen.getByRole('region', { name: 'Your guaranteed floor: $1,147.50' });
    expect(note.textContent).toMatch(
      /The floors of the items in this offer that you named by metal, karat and weight, added together\./,
    );
    expect(within(note).getByRole('listitem').textContent).toBe(
      'Item 2, 14k bracelet — weight: you told us 20 g, we measured 16 g−$153.00',
    );
  });

  test('a shortfall on a parcel of several items ships the items back free', () => {
    renderWithApp(
      <GuaranteeFloorNote
        items={[
          { position: 1, description: '14k chain' },
          { position: 2, description: '14k bracelet' },
        ]}
        judgement={{ kind: 'shortfall', floor: '1147.50', movedFloor: '1147.50', goodwill: '25.00', effects: [] }}
      />,
    );
    expect(screen.getByRole('region', { name: 'Your guaranteed floor: $1,147.50' }).textContent).toMatch(
      /we ship your items back free, and either way we owe you a goodwill payment of \$25\.00/,
    );
  });

  test('no floor, no note', () => {
    renderWithApp(<SubmissionDetailView detail={detailWith(null)} />);
    expect(screen.queryByRole('region', { name: /guaranteed floor/ })).toBeNull();
  });
});
