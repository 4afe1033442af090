import { describe, expect, it } from 'vitest';
import type { TrackingStatus } from './parcel-tracking.ts';
import { submissionParcelState } from './parcels-state.ts';

const state = (status: TrackingStatus, at: string) => ({ status, occurredAt: new Date(at) });

describe('submissionParcelState (several parcels said as one)', () => {
  it('is the one parcel state as it is, and undefined with none', () => {
    const only = state('in_transit', '2026-11-22T10:00:00Z');
    expect(submissionParcelState([only])).toBe(only);
    expect(submissionParcelState([])).toBeUndefined();
  });

  it('lets the parcel furthest behind speak: delivered only once every reported parcel is', () => {
    const delivered = state('delivered', '2026-11-24T12:00:00Z');
    const inTransit = state('in_transit', '2026-11-22T08:00:00Z');
    expect(submissionParcelState([delivered, inTransit])).toBe(inTransit);
    const alsoDelivered = state('delivered', '2026-11-24T15:00:00Z');
    expect(submissionParcelState([delivered, alsoDelivered])).toBe(alsoDelivered);
  });

  it('puts a problem first, whatever the other parcels do', () => {
    const problem = state('failure', '2026-11-21T09:00:00Z');
    expect(
      submissionParcelState([state('delivered', '2026-11-24T12:00:00Z'), problem, state('in_transit', '2026-11-23T08:00:00Z')]),
    ).toBe(problem);
  });

  it('takes the most recent word among parcels at the same stage', () => {
    const early = state('in_transit', '2026-11-22T08:00:00Z');
    const late = state('in_transit', '2026-11-23T08:00:00Z');
    expect(submissionParcelState([early, late])).toBe(late);
    expect(submissionParcelState([late, early])).toBe(late);
  });
});
