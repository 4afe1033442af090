import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { businessDateOf } from '@assay/domain';
import { saveBlob } from '@/lib/download';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { ComplianceReportsPanel } from './compliance-reports-panel';
import { SellerRecordsLink } from '@/components/seller-records-link';

vi.mock('@/lib/download', () => ({ saveBlob: vi.fn() }));

const TIME_ZONE = 'America/New_York';
const today = businessDateOf(new Date(), TIME_ZONE);
const CSV = 'Transaction ID,Seller name\r\ntxn_1,Ada Lovelace\r\n';

beforeEach(() => {
  vi.mocked(saveBlob).mockClear();
  server.use(http.get('/api/admin/compliance/report-day', () => HttpResponse.json({ today, timeZone: TIME_ZONE })));
});

const policeReportRequests = (seen: ReturnType<typeof recordRequests>) =>
  seen.filter((r) => r.path === '/api/admin/compliance/police-report');

describe('Compliance reports panel', () => {
  test("starts at the business's today and downloads that day's police report", async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/admin/compliance/police-report', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('date') ?? '');
        return new HttpResponse(CSV, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="assay-purchases-${today}.csv"`,
          },
        });
      }),
    );
    const { user } = renderWithApp(<ComplianceReportsPanel />);
    const field = await screen.findByLabelText('Day of purchases');
    expect((field as HTMLInputElement).value).toBe(today);
    expect(screen.getByText('Counted in America/New York time.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Download police report' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(asked).toEqual([today]);
    const [blob, name] = vi.mocked(saveBlob).mock.calls[0]!;
    expect(name).toBe(`assay-purchases-${today}.csv`);
    expect(await blob.text()).toBe(CSV);
    expect(await screen.findByText('Police report downloaded')).toBeTruthy();
  });

  test('refuses a day to come before asking the server', async () => {
    const seen = recordRequests();
    const { user } = renderWithApp(<ComplianceReportsPanel />);
    const field = await screen.findByLabelText('Day of purchases');

    await user.clear(field);
    await user.type(field, '2999-01-01');
    await user.click(screen.getByRole('button', { name: 'Download police report' }));
    expect(
      await screen.findByText(`2999-01-01 is still to come: the report can cover today (${today}) at the latest.`),
    ).toBeTruthy();
    expect(policeReportRequests(seen)).toEqual([]);
    expect(saveBlob).not.toHaveBeenCalled();
  });

  test("shows the server's sentence when it refuses", async () => {
    server.use(
      http.get('/api/admin/compliance/police-report', () =>
        apiError(400, 'BAD_REQUEST', 'The report could not be written for that day.'),
      ),
    );
    const { user } = renderWithApp(<ComplianceReportsPanel />);
    await user.click(await screen.findByRole('button', { name: 'Download police report' }));
    expect(await screen.findByText('The report could not be written for that day.')).toBeTruthy();
    expect(saveBlob).not.toHaveBeenCalled();
  });
});

describe("Export seller's records", () => {
  test('downloads the JSON file under the name the server gives it', async () => {
    server.use(
      http.get('/api/admin/compliance/seller/user_1/records', () =>
        HttpResponse.json(
          { account: { id: 'user_1' } },
          { headers: { 'content-disposition': 'attachment; filename="assay-seller-user_1-2030-01-04.json"' } },
        ),
      ),
    );
    const { user } = renderWithApp(<SellerRecordsLink userId="user_1" />);
    await user.click(screen.getByRole('button', { name: "Export seller's records" }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveBlob).mock.calls[0]![1]).toBe('assay-seller-user_1-2030-01-04.json');
    expect(await screen.findByText("Seller's records exported")).toBeTruthy();
  });

  test('says why when the seller is unknown', async () => {
    server.use(
      http.get('/api/admin/compliance/seller/user_9/records', () => apiError(404, 'NOT_FOUND', 'That seller was not found.')),
    );
    const { user } = renderWithApp(<SellerRecordsLink userId="user_9" />);
    await user.click(screen.getByRole('button', { name: "Export seller's records" }));
    expect(await screen.findByText('That seller was not found.')).toBeTruthy();
  });
});
