import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminPayout, Check } from '@assay/domain';
import { aTransaction } from '@/testing/fixtures';
import { apiError, recordRequests, server } from '@/testing/msw';
import { renderWithApp } from '@/testing/render';
import { ChecksPanel } from './checks-panel';

const HOME = {
  name: 'Grace Hopper',
  line1: '12 Main Street',
  line2: null,
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  phone: null,
};

function aCheckPayout(id: string, amount: string, mailTo: AdminPayout['mailTo'] = HOME): AdminPayout {
  return {
    ...aTransaction({ id, amount, grossAmount: amount, payoutMethod: 'check', payoutDetails: { method: 'check' } }),
    submission: {
      id: `sub_${id}`,
      shortId: id.slice(-8).toUpperCase(),
      description: 'Ring',
      category: 'jewelry',
      finalOffer: amount,
    },
    customerLabel: 'Customer #0001',
    mailTo,
    approval: null,
  };
}

function aCheck(overrides: Partial<Check> = {}): Check {
  return {
    id: 'chk_1',
    transactionId: 'txn_old',
    submissionId: 'sub_old',
    submissionShortId: 'OLD00001',
    checkNumber: 1041,
    payee: 'Ada Lovelace',
    amount: '320.00',
    mailingAddress: HOME,
    status: 'printed',
    registeredAt: '2030-01-04T12:00:00.000Z',
    mailedOn: null,
    voidedAt: null,
    voidReason: null,
    payoutStatus: 'processing',
    ...overrides,
  };
}

function mockLists(payouts: AdminPayout[], checks: Check[], next: number | null = 1042) {
  server.use(
    http.get('/api/admin/payouts', () => HttpResponse.json(payouts)),
    http.get('/api/admin/payouts/checks', () => HttpResponse.json(checks)),
    http.get('/api/admin/payouts/checks/next-number', () => HttpResponse.json({ checkNumber: next })),
  );
}

describe('Checks panel', () => {
  test('registers a check for a waiting check payout with the next number prefilled and editable', async () => {
    mockLists(
      [
        aCheckPayout('txn_a0000001', '485.20'),
        aCheckPayout('txn_b0000002', '90.00', null),
        { ...aCheckPayout('txn_c', '5.00'), payoutMethod: 'ach' },
      ],
      [aCheck()],
    );
    const seen = recordRequests();
    server.use(
      http.post('/api/admin/payouts/checks', () =>
        HttpResponse.json(aCheck({ id: 'chk_2', checkNumber: 1050, payee: 'Grace Hopper', amount: '485.20' }), { status: 201 }),
      ),
    );
    const { user } = renderWithApp(<ChecksPanel />);

    const waiting = await screen.findByRole('list', { name: 'Check payouts waiting' });
    expect(within(waiting).getAllByRole('listitem')).toHaveLength(2);
    expect(within(waiting).getByText('No mailing address on file: ask the client for one first.')).toBeTruthy();
    expect(
      (within(waiting).getByRole('button', { name: 'Register check: $90.00 for #B0000002' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    await user.click(within(waiting).getByRole('button', { name: 'Register check: $485.20 for #A0000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register check' });
    const number = within(dialog).getByLabelText('Check number');
    expect((number as HTMLInputElement).value).toBe('1042');

    await user.clear(number);
    await user.type(number, '12x');
    await user.click(within(dialog).getByRole('button', { name: 'Register check' }));
    expect(
      await within(dialog).findByText('A check number is a whole number from 1 to 99999999 (at most 8 digits).'),
    ).toBeTruthy();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.clear(number);
    await user.type(number, '1050');
    await user.click(within(dialog).getByRole('button', { name: 'Register check' }));
    expect(await screen.findByText('Check 1050 registered')).toBeTruthy();
    await waitFor(() =>
      expect(seen.filter((r) => r.method === 'POST')).toEqual([
        { method: 'POST', path: '/api/admin/payouts/checks', body: { transactionId: 'txn_a0000001', checkNumber: 1050 } },
      ]),
    );
  });

  test("shows the server's refusal of a duplicate number in the dialog", async () => {
    mockLists([aCheckPayout('txn_a0000001', '485.20')], [aCheck()]);
    server.use(
      http.post('/api/admin/payouts/checks', () =>
        apiError(409, 'Conflict', 'Check number 1042 is already in the register; use the next unused number.'),
      ),
    );
    const { user } = renderWithApp(<ChecksPanel />);
    await user.click(await screen.findByRole('button', { name: /Register check: \$485.20/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Register check' });
    await user.click(within(dialog).getByRole('button', { name: 'Register check' }));
    expect(
      await within(dialog).findByText('Check number 1042 is already in the register; use the next unused number.'),
    ).toBeTruthy();
  });

  test('the register: print stub opens the PDF, mark mailed sends the day, void asks for a reason first', async () => {
    const printed = aCheck();
    const mailed = aCheck({ id: 'chk_m', checkNumber: 1040, status: 'mailed', mailedOn: '2030-01-05', payoutStatus: 'paid' });
    const voided = aCheck({
      id: 'chk_v',
      checkNumber: 1039,
      status: 'voided',
      voidReason: 'smudged',
      voidedAt: '2030-01-03T10:00:00Z',
    });
    mockLists([], [printed, mailed, voided]);
    const seen = recordRequests();
    server.use(
      http.post('/api/admin/payouts/checks/:id/mailed', () => HttpResponse.json({ ...printed, status: 'mailed' })),
      http.post('/api/admin/payouts/checks/:id/void', () => HttpResponse.json({ ...mailed, status: 'voided' })),
    );
    const { user } = renderWithApp(<ChecksPanel />);

    const register = await screen.findByRole('list', { name: 'Check register' });
    expect(screen.getByText('No check payouts waiting.')).toBeTruthy();
    const stub = within(register).getByRole('link', { name: 'Print stub of check 1041' });
    expect(stub.getAttribute('href')).toBe('/api/admin/payouts/checks/chk_1/stub.pdf');
    expect(stub.getAttribute('target')).toBe('_blank');
    // A voided check: its reason, and nothing more to do.
    expect(within(register).getByText('Voided: smudged')).toBeTruthy();
    expect(within(register).queryByRole('link', { name: 'Print stub of check 1039' })).toBeNull();
    expect(within(register).queryByRole('button', { name: 'Mark check 1040 mailed' })).toBeNull();

    await user.click(within(register).getByRole('button', { name: 'Mark check 1041 mailed' }));
    const mailDialog = await screen.findByRole('dialog', { name: 'Mark check mailed' });
    const day = within(mailDialog).getByLabelText('Mailed on') as HTMLInputElement;
    expect(day.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await user.clear(day);
    await user.type(day, '2030-01-06');
    await user.click(within(mailDialog).getByRole('button', { name: 'Mark mailed' }));
    expect(await screen.findByText('Check 1041 marked mailed')).toBeTruthy();

    await user.click(within(register).getByRole('button', { name: 'Void check 1040' }));
    const voidDialog = await screen.findByRole('dialog', { name: 'Void check 1040?' });
    expect(within(voidDialog).getByText(/Stop payment with the bank first/)).toBeTruthy();
    await user.click(within(voidDialog).getByRole('button', { name: 'Void check' }));
    expect(await within(voidDialog).findByText('Please say why the check is voided (1 to 200 characters).')).toBeTruthy();
    expect(seen.filter((r) => r.path.endsWith('/void'))).toHaveLength(0);
    await user.type(within(voidDialog).getByLabelText('Why is it voided?'), 'never arrived');
    await user.click(within(voidDialog).getByRole('button', { name: 'Void check' }));
    expect(await screen.findByText('Check 1040 voided')).toBeTruthy();

    await waitFor(() =>
      expect(seen.filter((r) => r.method === 'POST')).toEqual([
        { method: 'POST', path: '/api/admin/payouts/checks/chk_1/mailed', body: { mailedOn: '2030-01-06' } },
        { method: 'POST', path: '/api/admin/payouts/checks/chk_m/void', body: { reason: 'never arrived' } },
      ]),
    );
  });

  test('the status filter asks the server for that status', async () => {
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/admin/payouts', () => HttpResponse.json([])),
      http.get('/api/admin/payouts/checks/next-number', () => HttpResponse.json({ checkNumber: 1001 })),
      http.get('/api/admin/payouts/checks', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('status'));
        return HttpResponse.json([]);
      }),
    );
    const { user } = renderWithApp(<ChecksPanel />);
    expect(await screen.findByText('No checks here yet.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Show checks'), 'Mailed');
    await waitFor(() => expect(asked).toContain('mailed'));
  });
});
