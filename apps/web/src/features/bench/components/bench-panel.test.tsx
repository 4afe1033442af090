// The bench on a submission's card (issue 28 item 1): closed until opened; then each line of the
// current offer with its tests, and a form that picks only usable instruments of the method's
// kind, sends exactly the body the server reads, and shows the server's sentence on refusal.
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { InstrumentView, ItemTestView, SubmissionTestsResponse } from '@assay/domain';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { BenchPanel } from './bench-panel';

const SUBMISSION = 'sub_1';
const testsPath = `/api/admin/submissions/${SUBMISSION}/bench-tests`;

const instrument = (overrides: Partial<InstrumentView>): InstrumentView => ({
  id: 'ins_xrf',
  name: 'Niton XL2',
  kind: 'xrf',
  serial: 'N-100',
  lastCalibratedOn: '2026-10-01',
  nextCalibrationDue: '2027-04-01',
  retiredAt: null,
  problem: null,
  ...overrides,
});

const instruments = [
  instrument({}),
  instrument({
    id: 'ins_late',
    name: 'Old XRF',
    nextCalibrationDue: '2026-10-01',
    problem: "The XRF 'Old XRF' was due for calibration on 2026-10-01; calibrate it before testing with it.",
  }),
  instrument({ id: 'ins_scale', name: 'Ohaus', kind: 'scale', serial: 'O-1' }),
];

const xrfTest: ItemTestView = {
  id: 'test_1',
  lineId: 'line_1',
  linePosition: 1,
  offerVersion: 1,
  method: 'xrf',
  instrument: { id: 'ins_xrf', name: 'Niton XL2', kind: 'xrf', serial: 'N-100' },
  reading: { method: 'xrf', elements: [{ element: 'Au', percent: 58.4 }] },
  summary: 'XRF: Au 58.4%',
  testedBy: { id: 'adm_1', name: 'Ada Appraiser' },
  testedAt: '2026-11-28T15:00:00.000Z',
  photo: null,
};

const answer = (tests: ItemTestView[] = []): SubmissionTestsResponse => ({
  offerVersion: 1,
  lines: [
    { id: 'line_1', position: 1, item: 1, description: '14k rope chain', material: 'gold-14k' },
    { id: 'line_2', position: 2, item: 2, description: 'Sterling spoon', material: 'silver' },
  ],
  tests,
});

function answerWith(tests: ItemTestView[]) {
  server.use(
    http.get(testsPath, () => HttpResponse.json(answer(tests))),
    http.get('/api/admin/bench/instruments', () => HttpResponse.json({ instruments })),
  );
}

describe('the bench panel', () => {
  test('reads nothing until opened, then lists each line with its tests', async () => {
    const seen = recordRequests();
    answerWith([xrfTest]);
    const { user } = renderWithApp(<BenchPanel submissionId={SUBMISSION} />);
    expect(seen).toEqual([]);
    await user.click(screen.getByRole('button', { name: /Bench tests/ }));
    const first = await screen.findByRole('list', { name: 'Tests of line 1' });
    expect(within(first).getByText('XRF: Au 58.4%')).toBeTruthy();
    expect(within(first).getByText(/Niton XL2 \(N-100\) · Ada Appraiser/)).toBeTruthy();
    expect(screen.getByText('Not tested yet.')).toBeTruthy();
  });

  test('offers only the usable instruments of the chosen method, and sends the typed reading', async () => {
    const seen = recordRequests();
    answerWith([]);
    server.use(http.post(testsPath, () => HttpResponse.json({ ...xrfTest, id: 'test_2', summary: 'XRF: Au 58.4%, Ag 25.1%' })));
    const { user } = renderWithApp(<BenchPanel submissionId={SUBMISSION} />);
    await user.click(screen.getByRole('button', { name: /Bench tests/ }));
    const form = await screen.findByRole('form', { name: 'Record a test' });

    const picker = within(form).getByLabelText('Instrument');
    const offered = within(picker)
      .getAllByRole('option')
      .map((o) => o.textContent);
    // The one past its calibration and the scale are not offered for an XRF test.
    expect(offered).toEqual(['Choose…', 'Niton XL2 (N-100)']);

    await user.click(within(form).getByRole('button', { name: 'Record test' }));
    expect(await within(form).findByText('Please choose the instrument the test was taken with.')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);

    await user.selectOptions(picker, 'ins_xrf');
    await user.type(within(form).getByLabelText('Elements (%)'), 'Au 58.4, Ag 25.1');
    await user.click(within(form).getByRole('button', { name: 'Record test' }));
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
        lineId: 'line_1',
        instrumentId: 'ins_xrf',
        reading: {
          method: 'xrf',
          elements: [
            { element: 'Au', percent: 58.4 },
            { element: 'Ag', percent: 25.1 },
          ],
        },
      }),
    );
    expect(await screen.findByText('Test recorded')).toBeTruthy();

    // The scale is offered once the method is the scale.
    await user.selectOptions(within(form).getByLabelText('Method'), 'scale');
    expect(
      within(within(form).getByLabelText('Instrument'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Ohaus (O-1)']);
  });

  test("says what is wrong with a reading before sending, and shows the server's sentence", async () => {
    const seen = recordRequests();
    answerWith([]);
    server.use(
      http.post(testsPath, () =>
        apiError(
          409,
          'Conflict',
          "The XRF 'Niton XL2' was due for calibration on 2026-10-01; calibrate it before testing with it.",
        ),
      ),
    );
    const { user } = renderWithApp(<BenchPanel submissionId={SUBMISSION} />);
    await user.click(screen.getByRole('button', { name: /Bench tests/ }));
    const form = await screen.findByRole('form', { name: 'Record a test' });
    await user.selectOptions(within(form).getByLabelText('Instrument'), 'ins_xrf');
    await user.type(within(form).getByLabelText('Elements (%)'), 'gold is 58');
    await user.click(within(form).getByRole('button', { name: 'Record test' }));
    expect(await within(form).findByText(/Write each element as its symbol and percent/)).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);

    await user.clear(within(form).getByLabelText('Elements (%)'));
    await user.type(within(form).getByLabelText('Elements (%)'), 'Au 80, Ag 30');
    await user.click(within(form).getByRole('button', { name: 'Record test' }));
    expect(await within(form).findByText('The XRF elements add up to more than 100.5%.')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);

    await user.clear(within(form).getByLabelText('Elements (%)'));
    await user.type(within(form).getByLabelText('Elements (%)'), 'Au 58.4');
    await user.click(within(form).getByRole('button', { name: 'Record test' }));
    expect(
      await within(form).findByText(
        "The XRF 'Niton XL2' was due for calibration on 2026-10-01; calibrate it before testing with it.",
      ),
    ).toBeTruthy();
  });

  test('a lab report asks for its lab and report number instead of an instrument', async () => {
    const seen = recordRequests();
    answerWith([]);
    server.use(http.post(testsPath, () => HttpResponse.json({ ...xrfTest, method: 'lab-report', instrument: null })));
    const { user } = renderWithApp(<BenchPanel submissionId={SUBMISSION} />);
    await user.click(screen.getByRole('button', { name: /Bench tests/ }));
    const form = await screen.findByRole('form', { name: 'Record a test' });
    await user.selectOptions(within(form).getByLabelText('Line'), 'line_2');
    await user.selectOptions(within(form).getByLabelText('Method'), 'lab-report');
    expect(within(form).queryByLabelText('Instrument')).toBeNull();
    await user.type(within(form).getByLabelText('Lab'), 'GIA');
    await user.type(within(form).getByLabelText('Report number'), '2201');
    await user.type(within(form).getByLabelText('Finding'), 'Sterling 925');
    await user.click(within(form).getByRole('button', { name: 'Record test' }));
    await waitFor(() =>
      expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
        lineId: 'line_2',
        reading: { method: 'lab-report', lab: 'GIA', reportNumber: '2201', finding: 'Sterling 925' },
      }),
    );
  });

  test('a weighing is not sent without its photo of the item on the scale', async () => {
    const seen = recordRequests();
    answerWith([]);
    const { user } = renderWithApp(<BenchPanel submissionId={SUBMISSION} />);
    await user.click(screen.getByRole('button', { name: /Bench tests/ }));
    const form = await screen.findByRole('form', { name: 'Record a test' });
    await user.selectOptions(within(form).getByLabelText('Method'), 'scale');
    expect(within(form).getByText('Photo of the item on the scale (needed for a weighing)')).toBeTruthy();
    await user.selectOptions(within(form).getByLabelText('Instrument'), 'ins_scale');
    await user.type(within(form).getByLabelText('Weight (grams)'), '4.2');
    await user.click(within(form).getByRole('button', { name: 'Record test' }));
    expect(await within(form).findByText('A weighing needs a photo of the item on the scale.')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
