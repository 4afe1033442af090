import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TaxYearReport } from '@assay/domain';
import { server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { TaxYearPanel } from './tax-year-panel';

const report = (year: number, sellers: TaxYearReport['sellers']): TaxYearReport => ({
  year,
  timeZone: 'America/New_York',
  thresholdCents: 60_000,
  sellers,
});
const ada = {
  userId: 'user-ada',
  name: 'Ada L',
  legalName: 'Ada Lovelace',
  email: 'ada@example.com',
  place: 'Springfield, IL 62701',
  purchases: 3,
  grossCents: 95_000,
  paidCents: 93_500,
  bullionPurchases: 1,
  firstPaidOn: '2025-03-02',
  lastPaidOn: '2025-12-31',
};

describe('year-end seller list', () => {
  test('shows last year’s sellers with their totals, and another year when chosen', async () => {
    const lastYear = new Date().getFullYear() - 1;
    const asked: number[] = [];
    server.use(
      http.get('/api/admin/tax-reporting/sellers', ({ request }) => {
        const year = Number(new URL(request.url).searchParams.get('year'));
        asked.push(year);
        return HttpResponse.json(report(year, year === lastYear ? [ada] : []));
      }),
    );
    const { user } = renderWithApp(<TaxYearPanel />);
    const list = await screen.findByRole('list', { name: `Sellers paid in ${lastYear}` });
    const [row] = within(list).getAllByRole('listitem');
    const text = row!.textContent;
    expect(text).toContain('Ada Lovelace (account: Ada L)');
    expect(text).toContain('ada@example.com · Springfield, IL 62701');
    expect(text).toContain('3 purchases, paid 2025-03-02 to 2025-12-31 · 1 of bullion fineness');
    expect(text).toContain('$950.00');
    expect(screen.getByText(/Sellers paid \$600\.00 or more in a calendar year \(America\/New York time\)/)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Calendar year'), String(lastYear - 1));
    expect(await screen.findByText(`No seller was paid $600.00 or more in ${lastYear - 1}.`)).toBeTruthy();
    expect(asked).toEqual([lastYear, lastYear - 1]);
  });

  test('says why the list did not load, and offers to try again', async () => {
    server.use(
      http.get('/api/admin/tax-reporting/sellers', () =>
        HttpResponse.json(
          { statusCode: 500, error: 'Internal Server Error', message: 'The database is not answering.' },
          { status: 503 },
        ),
      ),
    );
    renderWithApp(<TaxYearPanel />);
    expect((await screen.findByText(/Could not load the year's sellers/)).textContent).toContain(
      'The database is not answering.',
    );
    expect(screen.getByRole('button', { name: /try again/i })).toBeTruthy();
  });
});
