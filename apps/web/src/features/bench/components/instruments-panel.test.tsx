// The register of instruments (issue 28 item 1): each with its calibration and whether it may be
// used today; adding, calibrating and retiring send exactly the body the server reads.
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { InstrumentView } from '@assay/domain';
import { recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { InstrumentsPanel } from './instruments-panel';

const xrf: InstrumentView = {
  id: 'ins_xrf',
  name: 'Niton XL2',
  kind: 'xrf',
  serial: 'N-100',
  lastCalibratedOn: '2026-04-01',
  nextCalibrationDue: '2026-10-01',
  retiredAt: null,
  problem: "The XRF 'Niton XL2' was due for calibration on 2026-10-01; calibrate it before testing with it.",
};

describe('the instruments page', () => {
  test('shows why an instrument cannot be used, calibrates it and retires another', async () => {
    const seen = recordRequests();
    const scale: InstrumentView = { ...xrf, id: 'ins_scale', name: 'Ohaus', kind: 'scale', serial: 'O-1', problem: null };
    server.use(
      http.get('/api/admin/bench/instruments', () => HttpResponse.json({ instruments: [xrf, scale] })),
      http.post('/api/admin/bench/instruments/ins_xrf/calibration', () =>
        HttpResponse.json({ ...xrf, lastCalibratedOn: '2026-11-28', nextCalibrationDue: '2027-05-28', problem: null }),
      ),
      http.post('/api/admin/bench/instruments/ins_scale/retire', () =>
        HttpResponse.json({ ...scale, retiredAt: '2026-11-28T10:00:00.000Z', problem: 'retired' }),
      ),
    );
    const { user } = renderWithApp(<InstrumentsPanel />);
    const list = await screen.findByRole('list', { name: 'Instruments' });
    const [xrfRow, scaleRow] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(xrfRow).getByText('Calibration due')).toBeTruthy();
    expect(within(xrfRow).getByText(xrf.problem!)).toBeTruthy();
    expect(within(scaleRow).getByText('Usable')).toBeTruthy();

    await user.click(within(xrfRow).getByRole('button', { name: 'Calibrate' }));
    const calibrate = screen.getByRole('form', { name: 'Calibrate Niton XL2' });
    await user.clear(within(calibrate).getByLabelText('Calibrated on'));
    await user.type(within(calibrate).getByLabelText('Calibrated on'), '2026-11-28');
    await user.type(within(calibrate).getByLabelText('Next calibration due'), '2027-05-28');
    await user.click(within(calibrate).getByRole('button', { name: 'Save calibration' }));
    await waitFor(() =>
      expect(seen.find((r) => r.path.endsWith('/calibration'))?.body).toEqual({
        calibratedOn: '2026-11-28',
        nextCalibrationDue: '2027-05-28',
      }),
    );
    expect(await screen.findByText('Niton XL2 calibrated')).toBeTruthy();

    await user.click(within(scaleRow).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText('Ohaus retired')).toBeTruthy();
  });

  test('adds an instrument, refusing a due day before its calibration in the browser', async () => {
    const seen = recordRequests();
    server.use(
      http.get('/api/admin/bench/instruments', () => HttpResponse.json({ instruments: [] })),
      http.post('/api/admin/bench/instruments', () => HttpResponse.json({ ...xrf, problem: null })),
    );
    const { user } = renderWithApp(<InstrumentsPanel />);
    expect(await screen.findByText('No instruments yet: add the first below.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Add an instrument' });
    await user.type(within(form).getByLabelText('Name'), 'Niton XL2');
    await user.type(within(form).getByLabelText('Serial number'), 'N-100');
    await user.clear(within(form).getByLabelText('Last calibrated'));
    await user.type(within(form).getByLabelText('Last calibrated'), '2026-11-01');
    await user.type(within(form).getByLabelText('Next calibration due'), '2026-10-01');
    await user.click(within(form).getByRole('button', { name: 'Add instrument' }));
    expect(await within(form).findByText('The next calibration must be due after the day it was last calibrated.')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);

    await user.clear(within(form).getByLabelText('Next calibration due'));
    await user.type(within(form).getByLabelText('Next calibration due'), '2027-05-01');
    await user.click(within(form).getByRole('button', { name: 'Add instrument' }));
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
        name: 'Niton XL2',
        kind: 'xrf',
        serial: 'N-100',
        lastCalibratedOn: '2026-11-01',
        nextCalibrationDue: '2027-05-01',
      }),
    );
    expect(await screen.findByText('Instrument added')).toBeTruthy();
  });
});
