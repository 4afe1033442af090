import { describe, expect, test } from 'vitest';
import { payoutFeeCents } from './fees.ts';
import {
  LedgerError,
  balancesOf,
  cashAccount,
  chartOfAccounts,
  inTransitAccount,
  goodwillOwed,
  isLedgerAccount,
  ledgerPayoutStatuses,
  ledgerRails,
  offerAccepted,
  offerAcceptedWithGoodwill,
  offerReversed,
  payoutFailedOrReturned,
  payoutFeeChanged,
  payoutHandedToRail,
  payoutPaid,
  payoutPosition,
  payoutRetried,
  post,
  reconcilePayout,
  settlementLedgerAccounts,
  type LedgerAccount,
  type LedgerLine,
  type LedgerPayoutStatus,
  type LedgerRail,
} from './ledger.ts';

function line(account: string, debitCents: number, creditCents: number, memo = 'test'): LedgerLine {
  return { account: account as LedgerAccount, debitCents, creditCents, memo };
}

function sums(lines: readonly LedgerLine[]): { debits: number; credits: number } {
  return {
    debits: lines.reduce((total, l) => total + l.debitCents, 0),
    credits: lines.reduce((total, l) => total + l.creditCents, 0),
  };
}

function expectBalanced(lines: readonly LedgerLine[]): void {
  expect(lines.length).toBeGreaterThan(0);
  for (const l of lines) {
    expect(Number.isSafeInteger(l.debitCents) && l.debitCents >= 0).toBe(true);
    expect(Number.isSafeInteger(l.creditCents) && l.creditCents >= 0).toBe(true);
    expect(l.debitCents > 0 !== l.creditCents > 0).toBe(true);
    expect(l.memo).not.toBe('');
  }
  const { debits, credits } = sums(lines);
  expect(debits).toBe(credits);
}

function expectAgrees(
  lines: readonly LedgerLine[],
  railStatus: LedgerPayoutStatus,
  amountCents: number,
  rail?: LedgerRail,
): void {
  expect(reconcilePayout({ railStatus, amountCents, lines, rail })).toEqual({ agrees: true });
}

function reasonFor(lines: readonly LedgerLine[], railStatus: LedgerPayoutStatus, amountCents: number, rail?: LedgerRail): string {
  const result = reconcilePayout({ railStatus, amountCents, lines, rail });
  if (result.agrees) throw new Error(`expected a disagreement for ${railStatus}`);
  return result.reason;
}

describe('chart of accounts', () => {
  test('each account once, with a cash and an in-transit account per rail', () => {
    const names = chartOfAccounts.map((info) => info.account);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining(['inventory:purchases', 'liability:seller-payable', 'revenue:payout-fees', 'expense:goodwill']),
    );
    for (const rail of ledgerRails) {
      expect(names).toContain(`asset:cash:${rail}`);
      expect(names).toContain(`asset:in-transit:${rail}`);
    }
    expect(names).toEqual(expect.arrayContaining([...settlementLedgerAccounts]));
    expect(names).toHaveLength(5 + 2 * ledgerRails.length + settlementLedgerAccounts.length);
    expect(ledgerRails).toEqual(['ach', 'paypal', 'check', 'manual']);
  });

  test('normal sides follow the kind of account', () => {
    for (const info of chartOfAccounts) {
      expect(info.normalSide).toBe(info.kind === 'asset' || info.kind === 'expense' ? 'debit' : 'credit');
      expect(info.description).not.toBe('');
    }
  });

  test('isLedgerAccount knows only the chart', () => {
    expect(isLedgerAccount('asset:cash:ach')).toBe(true);
    expect(isLedgerAccount('asset:in-transit:manual')).toBe(true);
    expect(isLedgerAccount('asset:cash:wire')).toBe(false);
    expect(isLedgerAccount('liability:seller-payable ')).toBe(false);
    expect(isLedgerAccount('')).toBe(false);
    expect(cashAccount('paypal')).toBe('asset:cash:paypal');
    expect(inTransitAccount('check')).toBe('asset:in-transit:check');
  });
});

describe('post: the balance rule', () => {
  test('answers a balanced posting as frozen copies with trimmed memos', () => {
    const input = [line('inventory:purchases', 100, 0, ' bought '), line('liability:seller-payable', 0, 100)];
    const posted = post(input);
    expect(posted).toEqual([line('inventory:purchases', 100, 0, 'bought'), line('liability:seller-payable', 0, 100)]);
    expect(posted).not.toBe(input);
    expect(Object.isFrozen(posted)).toBe(true);
    expect(Object.isFrozen(posted[0])).toBe(true);
  });

  test('refuses an empty posting', () => {
    expect(() => post([])).toThrow(new LedgerError('A posting needs lines; this one is empty.'));
  });

  test('refuses an unbalanced posting, naming both totals', () => {
    expect(() => post([line('inventory:purchases', 10_000, 0), line('liability:seller-payable', 0, 9_999)])).toThrow(
      'The posting does not balance: debits $100.00, credits $99.99.',
    );
    expect(() => post([line('inventory:purchases', 1, 0)])).toThrow(LedgerError);
  });

  test('sums exactly where floats would lose a cent', () => {
    const max = Number.MAX_SAFE_INTEGER;
    const balanced = [
      line('inventory:purchases', max, 0),
      line('inventory:purchases', max, 0),
      line('liability:seller-payable', 0, max),
      line('liability:seller-payable', 0, max),
    ];
    expect(post(balanced)).toHaveLength(4);
    // max + max + 1 and max + max are the same float; the ledger must still see the cent.
    const offByOne = [...balanced, line('revenue:payout-fees', 0, 1)];
    expect(() => post(offByOne)).toThrow(/does not balance: debits 18014398509481982 cents, credits 18014398509481983 cents/);
  });

  test.each([
    [
      'an unknown account',
      line('asset:cash:wire', 1, 0),
      'Line 1 (asset:cash:wire): the account is not in the chart of accounts.',
    ],
    [
      'a negative debit',
      line('inventory:purchases', -1, 0),
      'Line 1 (inventory:purchases): the debit must be a whole, non-negative number of cents, got -1.',
    ],
    [
      'a fractional credit',
      line('inventory:purchases', 0, 1.5),
      'Line 1 (inventory:purchases): the credit must be a whole, non-negative number of cents, got 1.5.',
    ],
    [
      'NaN',
      line('inventory:purchases', Number.NaN, 0),
      'Line 1 (inventory:purchases): the debit must be a whole, non-negative number of cents, got NaN.',
    ],
    ['both sides', line('inventory:purchases', 1, 1), 'Line 1 (inventory:purchases): a line is a debit or a credit, not both.'],
    ['no side', line('inventory:purchases', 0, 0), 'Line 1 (inventory:purchases): a line must move money; both sides are 0.'],
    ['a blank memo', line('inventory:purchases', 1, 0, '  '), 'Line 1 (inventory:purchases): a line needs a memo saying why.'],
  ])('refuses a line with %s', (_name, bad, message) => {
    expect(() => post([bad, line('liability:seller-payable', 0, 1)])).toThrow(new LedgerError(message));
  });

  test('names the bad line by its position', () => {
    expect(() => post([line('inventory:purchases', 2, 0), line('liability:seller-payable', 0, 2, '')])).toThrow(
      /^Line 2 \(liability:seller-payable\)/,
    );
  });
});

describe('balancesOf', () => {
  test('per account in chart order, each in its normal direction', () => {
    const balances = balancesOf([
      line('asset:cash:ach', 0, 500),
      line('liability:seller-payable', 0, 700),
      line('inventory:purchases', 700, 0),
      line('asset:in-transit:ach', 500, 0),
      line('liability:seller-payable', 200, 0),
      line('asset:cash:ach', 0, 200),
    ]);
    expect([...balances.keys()]).toEqual([
      'inventory:purchases',
      'liability:seller-payable',
      'asset:cash:ach',
      'asset:in-transit:ach',
    ]);
    expect(balances.get('inventory:purchases')).toEqual({ debitCents: 700, creditCents: 0, balanceCents: 700 });
    expect(balances.get('liability:seller-payable')).toEqual({ debitCents: 200, creditCents: 700, balanceCents: 500 });
    expect(balances.get('asset:cash:ach')).toEqual({ debitCents: 0, creditCents: 700, balanceCents: -700 });
    expect(balances.get('asset:cash:paypal')).toBeUndefined();
  });

  test('is empty for no lines and refuses a line post() would refuse', () => {
    expect(balancesOf([]).size).toBe(0);
    expect(() => balancesOf([line('asset:cash:wire', 1, 0)])).toThrow(LedgerError);
  });
});

describe('offerAccepted', () => {
  test('ACH or check: the whole offer is owed, no fee line', () => {
    const lines = offerAccepted({ grossCents: 850_000, feeCents: payoutFeeCents(850_000, 'ach') });
    expectBalanced(lines);
    expect(lines.map((l) => [l.account, l.debitCents, l.creditCents])).toEqual([
      ['inventory:purchases', 850_000, 0],
      ['liability:seller-payable', 0, 850_000],
    ]);
  });

  test('PayPal: bought at gross, owed net, the fee kept as revenue', () => {
    const fee = payoutFeeCents(850_000, 'paypal');
    expect(fee).toBe(24_680);
    const lines = offerAccepted({ grossCents: 850_000, feeCents: fee });
    expectBalanced(lines);
    expect(lines.map((l) => [l.account, l.debitCents, l.creditCents])).toEqual([
      ['inventory:purchases', 850_000, 0],
      ['liability:seller-payable', 0, 825_320],
      ['revenue:payout-fees', 0, 24_680],
    ]);
  });

  test.each([
    [{ grossCents: 0, feeCents: 0 }, 'The accepted offer must be a whole number of cents above 0, got 0.'],
    [{ grossCents: 100.5, feeCents: 0 }, 'The accepted offer must be a whole number of cents above 0, got 100.5.'],
    [{ grossCents: 100, feeCents: -1 }, 'The fee must be a whole, non-negative number of cents, got -1.'],
    [{ grossCents: 31, feeCents: 31 }, 'The fee ($0.31) must be less than the offer ($0.31), or nothing is owed to the seller.'],
  ])('refuses %o', (input, message) => {
    expect(() => offerAccepted(input)).toThrow(new LedgerError(message));
  });
});

const GROSS = 10_000;
const ACH_AMOUNT = GROSS;

function accepted(feeCents = 0): LedgerLine[] {
  return [...offerAccepted({ grossCents: GROSS, feeCents })];
}

function then(lines: readonly LedgerLine[], posting: readonly LedgerLine[]): LedgerLine[] {
  expectBalanced(posting);
  return [...lines, ...posting];
}

describe('payout postings', () => {
  test('handed to a rail: cash into transit, still owed', () => {
    const posting = payoutHandedToRail({ rail: 'ach', amountCents: ACH_AMOUNT, priorLines: accepted(), reference: 'batch 7' });
    expect(posting).toEqual([
      line('asset:in-transit:ach', ACH_AMOUNT, 0, 'Payout handed to ACH (batch 7)'),
      line('asset:cash:ach', 0, ACH_AMOUNT, 'Payout handed to ACH (batch 7)'),
    ]);
  });

  test('paid: the debt settled from transit', () => {
    const processing = then(accepted(), payoutHandedToRail({ rail: 'paypal', amountCents: ACH_AMOUNT, priorLines: accepted() }));
    const posting = payoutPaid({ rail: 'paypal', amountCents: ACH_AMOUNT, priorLines: processing, reference: 'item 5X' });
    expect(posting).toEqual([
      line('liability:seller-payable', ACH_AMOUNT, 0, 'Paid to the seller by PayPal (item 5X)'),
      line('asset:in-transit:paypal', 0, ACH_AMOUNT, 'Paid to the seller by PayPal (item 5X)'),
    ]);
  });

  test('failed in transit: money back to cash, the payable untouched', () => {
    const processing = then(accepted(), payoutHandedToRail({ rail: 'check', amountCents: ACH_AMOUNT, priorLines: accepted() }));
    const posting = payoutFailedOrReturned({
      rail: 'check',
      amountCents: ACH_AMOUNT,
      priorLines: processing,
      outcome: 'failed',
      reasonCode: 'voided',
      reference: 'check 1042',
    });
    expect(posting).toEqual([
      line('asset:cash:check', ACH_AMOUNT, 0, 'check payout failed: money back, still owed to the seller (voided, check 1042)'),
      line(
        'asset:in-transit:check',
        0,
        ACH_AMOUNT,
        'check payout failed: money back, still owed to the seller (voided, check 1042)',
      ),
    ]);
  });

  test('returned after paid: money back to cash and owed again', () => {
    let lines = accepted();
    lines = then(lines, payoutHandedToRail({ rail: 'ach', amountCents: ACH_AMOUNT, priorLines: lines }));
    lines = then(lines, payoutPaid({ rail: 'ach', amountCents: ACH_AMOUNT, priorLines: lines }));
    const posting = payoutFailedOrReturned({
      rail: 'ach',
      amountCents: ACH_AMOUNT,
      priorLines: lines,
      outcome: 'returned',
      reasonCode: 'R03',
    });
    expect(posting.map((l) => [l.account, l.debitCents, l.creditCents])).toEqual([
      ['asset:cash:ach', ACH_AMOUNT, 0],
      ['liability:seller-payable', 0, ACH_AMOUNT],
    ]);
    expect(posting[0]?.memo).toBe('ACH payout returned after it was paid: money back, owed to the seller again (R03)');
    lines = then(lines, posting);
    expectAgrees(lines, 'returned', ACH_AMOUNT);
    lines = then(lines, payoutRetried({ rail: 'ach', amountCents: ACH_AMOUNT, priorLines: lines }));
    lines = then(lines, payoutPaid({ rail: 'ach', amountCents: ACH_AMOUNT, priorLines: lines }));
    expectAgrees(lines, 'paid', ACH_AMOUNT, 'ach');
  });

  test('retried: handed over again, with a memo saying so', () => {
    let lines = accepted();
    lines = then(lines, payoutHandedToRail({ rail: 'ach', amountCents: ACH_AMOUNT, priorLines: lines }));
    lines = then(lines, payoutFailedOrReturned({ rail: 'ach', amountCents: ACH_AMOUNT, priorLines: lines, outcome: 'returned' }));
    const posting = payoutRetried({ rail: 'manual', amountCents: ACH_AMOUNT, priorLines: lines });
    expect(posting).toEqual([
      line('asset:in-transit:manual', ACH_AMOUNT, 0, 'Payout retried by the manual rail'),
      line('asset:cash:manual', 0, ACH_AMOUNT, 'Payout retried by the manual rail'),
    ]);
  });

  test('offer reversed: the exact opposite of the acceptance', () => {
    const fee = payoutFeeCents(GROSS, 'paypal');
    const lines = accepted(fee);
    const posting = offerReversed({ grossCents: GROSS, feeCents: fee, priorLines: lines });
    expect(posting).toEqual([
      line('inventory:purchases', 0, GROSS, 'Offer reversed: items no longer bought'),
      line('liability:seller-payable', GROSS - fee, 0, 'Offer reversed: nothing owed to the seller'),
      line('revenue:payout-fees', fee, 0, 'Offer reversed: PayPal fee given up'),
    ]);
    const after = then(lines, posting);
    expect([...balancesOf(after).values()].every((b) => b.balanceCents === 0)).toBe(true);
  });

  test('fee changed: the seller chose PayPal for the retry after ACH came back, and back again', () => {
    let lines = accepted();
    lines = then(lines, payoutHandedToRail({ rail: 'ach', amountCents: ACH_AMOUNT, priorLines: lines }));
    lines = then(
      lines,
      payoutFailedOrReturned({ rail: 'ach', amountCents: ACH_AMOUNT, priorLines: lines, outcome: 'returned', reasonCode: 'R04' }),
    );
    const fee = payoutFeeCents(GROSS, 'paypal');
    const toPaypal = payoutFeeChanged({ grossCents: GROSS, feeCents: 0, newFeeCents: fee, priorLines: lines });
    expect(toPaypal.map((l) => [l.account, l.debitCents, l.creditCents])).toEqual([
      ['liability:seller-payable', fee, 0],
      ['revenue:payout-fees', 0, fee],
    ]);
    expect(toPaypal[0]?.memo).toBe('Payout fee changed from $0.00 to $3.20');
    lines = then(lines, toPaypal);
    expectAgrees(lines, 'returned', GROSS - fee);
    expect(() => payoutRetried({ rail: 'paypal', amountCents: GROSS, priorLines: lines })).toThrow(
      'The ledger owes this seller $96.80, not $100.00; a payout pays exactly what is owed.',
    );
    const backToAch = payoutFeeChanged({ grossCents: GROSS, feeCents: fee, newFeeCents: 0, priorLines: lines });
    expect(backToAch.map((l) => [l.account, l.debitCents, l.creditCents])).toEqual([
      ['revenue:payout-fees', fee, 0],
      ['liability:seller-payable', 0, fee],
    ]);
    lines = then(lines, backToAch);
    expect(payoutPosition(lines).payableCents).toBe(GROSS);
    expect(payoutPosition(lines).feeCents).toBe(0);
  });

  test('fee changed is refused while money is out, when nothing changes, or when nothing would be owed', () => {
    const lines = accepted();
    const processing = then(lines, payoutHandedToRail({ rail: 'ach', amountCents: ACH_AMOUNT, priorLines: lines }));
    expect(() => payoutFeeChanged({ grossCents: GROSS, feeCents: 0, newFeeCents: 320, priorLines: processing })).toThrow(
      'The fee cannot change while the payout is with a rail or paid.',
    );
    expect(() => payoutFeeChanged({ grossCents: GROSS, feeCents: 0, newFeeCents: 0, priorLines: lines })).toThrow(
      'The fee is unchanged, so there is nothing to post.',
    );
    expect(() => payoutFeeChanged({ grossCents: GROSS, feeCents: 0, newFeeCents: GROSS, priorLines: lines })).toThrow(
      /must be less than the offer/,
    );
    expect(() => payoutFeeChanged({ grossCents: GROSS, feeCents: 320, newFeeCents: 0, priorLines: lines })).toThrow(
      'The ledger has this offer bought for $100.00 with a $0.00 fee, not $100.00 with $3.20.',
    );
  });
});

describe('no payout twice, nothing posted that did not happen', () => {
  const amount = ACH_AMOUNT;
  const handed = (): LedgerLine[] =>
    then(accepted(), payoutHandedToRail({ rail: 'ach', amountCents: amount, priorLines: accepted() }));
  const paid = (): LedgerLine[] => then(handed(), payoutPaid({ rail: 'ach', amountCents: amount, priorLines: handed() }));

  test('a payout in transit cannot be handed over or retried again', () => {
    const message =
      'This payout is already with ACH ($100.00 in transit); it cannot be handed to a rail again until that attempt is paid, failed or returned.';
    expect(() => payoutHandedToRail({ rail: 'ach', amountCents: amount, priorLines: handed() })).toThrow(
      new LedgerError(message),
    );
    expect(() => payoutHandedToRail({ rail: 'paypal', amountCents: amount, priorLines: handed() })).toThrow(message);
    expect(() => payoutRetried({ rail: 'ach', amountCents: amount, priorLines: handed() })).toThrow(message);
  });

  test('a paid payout cannot be handed over, retried or paid again', () => {
    const message = 'This payout was already paid ($100.00 by ACH); it cannot be paid twice.';
    expect(() => payoutHandedToRail({ rail: 'ach', amountCents: amount, priorLines: paid() })).toThrow(message);
    expect(() => payoutRetried({ rail: 'check', amountCents: amount, priorLines: paid() })).toThrow(message);
    expect(() => payoutPaid({ rail: 'ach', amountCents: amount, priorLines: paid() })).toThrow(message);
  });

  test('only the rail holding the money can pay it', () => {
    expect(() => payoutPaid({ rail: 'paypal', amountCents: amount, priorLines: handed() })).toThrow(
      'This payout is with ACH, not PayPal; only that rail can say it is paid.',
    );
  });

  test('nothing handed over cannot be paid, and a wrong amount cannot be paid', () => {
    expect(() => payoutPaid({ rail: 'ach', amountCents: amount, priorLines: accepted() })).toThrow(
      'ACH holds $0.00 of this payout and the seller is owed $100.00; neither matches the $100.00 said to be paid.',
    );
    expect(() => payoutPaid({ rail: 'ach', amountCents: amount - 1, priorLines: handed() })).toThrow(
      'ACH holds $100.00 of this payout and the seller is owed $100.00; neither matches the $99.99 said to be paid.',
    );
  });

  test('a payout pays exactly what is owed', () => {
    expect(() => payoutHandedToRail({ rail: 'ach', amountCents: amount + 1, priorLines: accepted() })).toThrow(
      'The ledger owes this seller $100.00, not $100.01; a payout pays exactly what is owed.',
    );
    expect(() => payoutHandedToRail({ rail: 'ach', amountCents: amount, priorLines: [] })).toThrow(
      'The ledger owes this seller $0.00, not $100.00; a payout pays exactly what is owed.',
    );
    expect(() => payoutHandedToRail({ rail: 'ach', amountCents: 0, priorLines: accepted() })).toThrow(
      'The payout must be a whole number of cents above 0, got 0.',
    );
  });

  test('a first attempt is not a retry', () => {
    expect(() => payoutRetried({ rail: 'ach', amountCents: amount, priorLines: accepted() })).toThrow(
      'This payout was never tried, so it cannot be retried; hand it to a rail for its first attempt.',
    );
  });

  test('nothing comes back that was not out', () => {
    const comeBack = (rail: LedgerRail, priorLines: readonly LedgerLine[]) => () =>
      payoutFailedOrReturned({ rail, amountCents: amount, priorLines, outcome: 'returned', reasonCode: 'R01' });
    expect(comeBack('ach', accepted())).toThrow(
      'Nothing of this payout is out by ACH to come back: $0.00 in transit and $0.00 paid out by that rail, while the payout is $100.00.',
    );
    expect(comeBack('paypal', handed())).toThrow(/^Nothing of this payout is out by PayPal/);
    expect(comeBack('check', paid())).toThrow(/^Nothing of this payout is out by check/);
    const returned = then(handed(), comeBack('ach', handed())());
    expect(comeBack('ach', returned)).toThrow(/^Nothing of this payout is out by ACH/);
  });

  test('an offer cannot be reversed while its payout is out, nor twice, nor as something it was not', () => {
    const message = 'This offer cannot be reversed while its payout is with a rail or paid; the money must come back first.';
    expect(() => offerReversed({ grossCents: GROSS, feeCents: 0, priorLines: handed() })).toThrow(message);
    expect(() => offerReversed({ grossCents: GROSS, feeCents: 0, priorLines: paid() })).toThrow(message);
    const reversed = then(accepted(), offerReversed({ grossCents: GROSS, feeCents: 0, priorLines: accepted() }));
    expect(() => offerReversed({ grossCents: GROSS, feeCents: 0, priorLines: reversed })).toThrow(
      'This offer is not on the ledger: never accepted, or already reversed.',
    );
    expect(() => offerReversed({ grossCents: GROSS + 1, feeCents: 0, priorLines: accepted() })).toThrow(
      'The ledger has this offer bought for $100.00 with a $0.00 fee, not $100.01 with $0.00.',
    );
    expect(() => payoutHandedToRail({ rail: 'ach', amountCents: amount, priorLines: reversed })).toThrow(LedgerError);
  });

  test('a payout whose lines were never posted through post() is refused, not trusted', () => {
    expect(() => payoutHandedToRail({ rail: 'ach', amountCents: amount, priorLines: [line('asset:cash:wire', 1, 0)] })).toThrow(
      'Line 1 (asset:cash:wire): the account is not in the chart of accounts.',
    );
  });
});

describe('a full life: accept -> processing -> returned (R01) -> retried -> paid', () => {
  test('ends owing nothing, with the amount out of cash exactly once', () => {
    const amount = ACH_AMOUNT;
    let lines = accepted();
    expectAgrees(lines, 'pending', amount);

    lines = then(lines, payoutHandedToRail({ rail: 'ach', amountCents: amount, priorLines: lines, reference: 'batch 1' }));
    expectAgrees(lines, 'processing', amount, 'ach');

    lines = then(
      lines,
      payoutFailedOrReturned({ rail: 'ach', amountCents: amount, priorLines: lines, outcome: 'returned', reasonCode: 'R01' }),
    );
    expectAgrees(lines, 'returned', amount);
    expect(payoutPosition(lines).payableCents).toBe(amount);

    lines = then(lines, payoutRetried({ rail: 'ach', amountCents: amount, priorLines: lines, reference: 'batch 2' }));
    expectAgrees(lines, 'processing', amount, 'ach');

    lines = then(lines, payoutPaid({ rail: 'ach', amountCents: amount, priorLines: lines }));
    expectAgrees(lines, 'paid', amount, 'ach');

    expectBalanced(lines);
    const balances = balancesOf(lines);
    expect(balances.get('liability:seller-payable')?.balanceCents).toBe(0);
    expect(balances.get('asset:in-transit:ach')?.balanceCents).toBe(0);
    // Handed over twice, came back once: out of cash once, net.
    expect(balances.get('asset:cash:ach')).toEqual({ debitCents: amount, creditCents: 2 * amount, balanceCents: -amount });
    expect(balances.get('inventory:purchases')?.balanceCents).toBe(GROSS);
    expect(payoutPosition(lines)).toMatchObject({ payableCents: 0, totalInTransitCents: 0, totalCashOutCents: amount });

    for (const status of ledgerPayoutStatuses.filter((s) => s !== 'paid')) {
      expect(reconcilePayout({ railStatus: status, amountCents: amount, lines }).agrees).toBe(false);
    }
    expect(() => payoutRetried({ rail: 'ach', amountCents: amount, priorLines: lines })).toThrow(/cannot be paid twice/);
  });

  test('a PayPal payout unclaimed, returned by PayPal, retried and claimed keeps its fee', () => {
    const fee = payoutFeeCents(GROSS, 'paypal');
    const amount = GROSS - fee;
    let lines = accepted(fee);
    lines = then(lines, payoutHandedToRail({ rail: 'paypal', amountCents: amount, priorLines: lines }));
    // Unclaimed posts nothing: PayPal holds the money, so it is still in transit.
    expectAgrees(lines, 'unclaimed', amount, 'paypal');
    lines = then(
      lines,
      payoutFailedOrReturned({
        rail: 'paypal',
        amountCents: amount,
        priorLines: lines,
        outcome: 'returned',
        reasonCode: 'UNCLAIMED',
      }),
    );
    expectAgrees(lines, 'returned', amount);
    lines = then(lines, payoutRetried({ rail: 'paypal', amountCents: amount, priorLines: lines }));
    lines = then(lines, payoutPaid({ rail: 'paypal', amountCents: amount, priorLines: lines }));
    expectAgrees(lines, 'paid', amount, 'paypal');
    expect(payoutPosition(lines)).toMatchObject({
      feeCents: fee,
      purchasedCents: GROSS,
      payableCents: 0,
      totalCashOutCents: amount,
    });
  });

  test('retried on another rail: the first rail nets to nothing', () => {
    let lines = accepted();
    lines = then(lines, payoutHandedToRail({ rail: 'ach', amountCents: ACH_AMOUNT, priorLines: lines }));
    lines = then(lines, payoutFailedOrReturned({ rail: 'ach', amountCents: ACH_AMOUNT, priorLines: lines, outcome: 'failed' }));
    lines = then(lines, payoutRetried({ rail: 'check', amountCents: ACH_AMOUNT, priorLines: lines }));
    lines = then(lines, payoutPaid({ rail: 'check', amountCents: ACH_AMOUNT, priorLines: lines }));
    expectAgrees(lines, 'paid', ACH_AMOUNT, 'check');
    expect(payoutPosition(lines).cashOutCents).toEqual({ ach: 0, paypal: 0, check: ACH_AMOUNT, manual: 0 });
    expect(reasonFor(lines, 'paid', ACH_AMOUNT, 'ach')).toBe('The rail says paid, but the money is on check, not ACH.');
  });
});

describe('reconcilePayout', () => {
  const amount = ACH_AMOUNT;
  const handed = then(accepted(), payoutHandedToRail({ rail: 'ach', amountCents: amount, priorLines: accepted() }));
  const paid = then(handed, payoutPaid({ rail: 'ach', amountCents: amount, priorLines: handed }));

  test('pending, failed and returned owe the whole amount with nothing out', () => {
    for (const status of ['pending', 'failed', 'returned'] as const) {
      expectAgrees(accepted(), status, amount);
      expect(reasonFor(handed, status, amount)).toBe(
        `The rail says ${status}, but $100.00 is in transit (expected $0.00) and $100.00 has left our cash (expected $0.00).`,
      );
    }
  });

  test('processing and unclaimed owe the amount with all of it in transit', () => {
    for (const status of ['processing', 'unclaimed'] as const) {
      expectAgrees(handed, status, amount, 'ach');
      expect(reasonFor(accepted(), status, amount)).toBe(
        `The rail says ${status}, but $0.00 is in transit (expected $100.00) and $0.00 has left our cash (expected $100.00).`,
      );
      expect(reasonFor(handed, status, amount, 'paypal')).toBe(`The rail says ${status}, but the money is on ACH, not PayPal.`);
    }
  });

  test('paid owes nothing, with the amount out exactly once', () => {
    expectAgrees(paid, 'paid', amount, 'ach');
    expect(reasonFor(handed, 'paid', amount)).toBe(
      'The rail says paid, but the seller is owed $100.00 (expected $0.00) and $100.00 is in transit (expected $0.00).',
    );
    expect(reasonFor(accepted(), 'paid', amount)).toBe(
      'The rail says paid, but the seller is owed $100.00 (expected $0.00) and $0.00 has left our cash (expected $100.00).',
    );
    // A payout posted twice by hand, bypassing the builders' guards.
    const twice = [...paid, ...payoutHandedToRail({ rail: 'ach', amountCents: amount, priorLines: handed.slice(0, 2) })];
    expect(reasonFor(twice, 'paid', amount)).toBe(
      'The rail says paid, but $100.00 is in transit (expected $0.00) and $200.00 has left our cash (expected $100.00).',
    );
    const overpaid = [...paid, line('asset:cash:ach', 0, 1), line('liability:seller-payable', 1, 0)];
    expect(reasonFor(overpaid, 'paid', amount)).toBe(
      'The rail says paid, but the seller is owed -$0.01 (expected $0.00) and $100.01 has left our cash (expected $100.00).',
    );
  });

  test('the wrong amount, or no acceptance at all, disagrees', () => {
    expect(reasonFor(accepted(), 'pending', amount + 1)).toBe(
      'The rail says pending, but the seller is owed $100.00 (expected $100.01).',
    );
    expect(reasonFor([], 'pending', amount)).toBe('The rail says pending, but the seller is owed $0.00 (expected $100.00).');
  });

  test('lines the ledger would have refused are a disagreement, never a throw', () => {
    expect(reasonFor([line('inventory:purchases', 5, 0)], 'pending', amount)).toBe(
      "The payout's lines do not balance: debits $0.05, credits $0.00.",
    );
    expect(reasonFor([line('asset:cash:wire', 5, 0), line('inventory:purchases', 0, 5)], 'pending', amount)).toBe(
      'The ledger has a line it should have refused. Line 1 (asset:cash:wire): the account is not in the chart of accounts.',
    );
  });
});

describe('every path through the lifecycle', () => {
  // A model of the rails' states, independent of the ledger: which events each state allows.
  type State = 'pending' | 'processing' | 'unclaimed' | 'paid' | 'failed' | 'returned' | 'reversed';
  type Step =
    | { kind: 'hand' | 'retry'; rail: LedgerRail }
    | { kind: 'paid' | 'failed' | 'returned' | 'unclaimed' | 'reverse' | 'wrongRailPaid' };
  interface World {
    state: State;
    lines: LedgerLine[];
    rail: LedgerRail | null;
    attempted: boolean;
  }
  const rails: LedgerRail[] = ['ach', 'check'];
  const fee = payoutFeeCents(GROSS, 'paypal');
  const amount = GROSS - fee;
  const steps: Step[] = [
    ...rails.flatMap((rail): Step[] => [
      { kind: 'hand', rail },
      { kind: 'retry', rail },
    ]),
    { kind: 'paid' },
    { kind: 'failed' },
    { kind: 'returned' },
    { kind: 'unclaimed' },
    { kind: 'reverse' },
    { kind: 'wrongRailPaid' },
  ];

  function allowed(world: World, step: Step): State | null {
    const { state } = world;
    const nothingOut = state === 'pending' || state === 'failed' || state === 'returned';
    switch (step.kind) {
      case 'hand':
        return nothingOut ? 'processing' : null;
      case 'retry':
        return nothingOut && world.attempted ? 'processing' : null;
      case 'paid':
        return state === 'processing' || state === 'unclaimed' ? 'paid' : null;
      case 'failed':
      case 'returned':
        return state === 'processing' || state === 'unclaimed' || state === 'paid' ? step.kind : null;
      case 'unclaimed':
        return state === 'processing' ? 'unclaimed' : null;
      case 'reverse':
        return nothingOut ? 'reversed' : null;
      case 'wrongRailPaid':
        return null;
    }
  }

  function posting(world: World, step: Step): readonly LedgerLine[] {
    const rail = world.rail ?? 'ach';
    const base = { amountCents: amount, priorLines: world.lines };
    switch (step.kind) {
      case 'hand':
        return payoutHandedToRail({ ...base, rail: step.rail });
      case 'retry':
        return payoutRetried({ ...base, rail: step.rail });
      case 'paid':
        return payoutPaid({ ...base, rail });
      case 'failed':
      case 'returned':
        return payoutFailedOrReturned({ ...base, rail, outcome: step.kind, reasonCode: 'R01' });
      case 'unclaimed':
        return [];
      case 'reverse':
        return offerReversed({ grossCents: GROSS, feeCents: fee, priorLines: world.lines });
      case 'wrongRailPaid':
        return payoutPaid({ ...base, rail: rail === 'ach' ? 'paypal' : 'ach' });
    }
  }

  function checkWorld(world: World): void {
    const position = payoutPosition(world.lines);
    expect(sums(world.lines).debits).toBe(sums(world.lines).credits);
    expect(position.totalCashOutCents).toBeLessThanOrEqual(amount);
    if (world.state === 'reversed') {
      expect(position).toMatchObject({ payableCents: 0, purchasedCents: 0, feeCents: 0, totalCashOutCents: 0 });
      for (const status of ledgerPayoutStatuses)
        expect(reconcilePayout({ railStatus: status, amountCents: amount, lines: world.lines }).agrees).toBe(false);
      return;
    }
    expect(position).toMatchObject({ purchasedCents: GROSS, feeCents: fee });
    const status: LedgerPayoutStatus = world.state;
    expectAgrees(world.lines, status, amount, world.state === 'pending' ? undefined : (world.rail ?? undefined));
    const sameLedger = (a: LedgerPayoutStatus, b: LedgerPayoutStatus): boolean => {
      const group = (s: LedgerPayoutStatus): number => (s === 'paid' ? 2 : s === 'processing' || s === 'unclaimed' ? 1 : 0);
      return group(a) === group(b);
    };
    for (const other of ledgerPayoutStatuses) {
      expect(reconcilePayout({ railStatus: other, amountCents: amount, lines: world.lines }).agrees).toBe(
        sameLedger(status, other),
      );
    }
  }

  test('each allowed event posts a balanced posting the reconciliation agrees with; every other event is refused', () => {
    let paths = 0;
    let refusals = 0;
    const walk = (world: World, depth: number): void => {
      checkWorld(world);
      if (depth === 0) return;
      for (const step of steps) {
        const next = allowed(world, step);
        if (next === null) {
          // Unclaimed is the rail's word only; the ledger has nothing to refuse or post for it.
          if (step.kind === 'unclaimed') continue;
          expect(() => posting(world, step), `${world.state} refuses ${step.kind}`).toThrow(LedgerError);
          refusals += 1;
          continue;
        }
        const lines = posting(world, step);
        if (step.kind !== 'unclaimed') expectBalanced(lines);
        walk(
          {
            state: next,
            lines: [...world.lines, ...lines],
            rail: step.kind === 'hand' || step.kind === 'retry' ? step.rail : world.rail,
            attempted: world.attempted || step.kind === 'hand' || step.kind === 'retry',
          },
          depth - 1,
        );
        paths += 1;
      }
    };
    walk({ state: 'pending', lines: accepted(fee), rail: null, attempted: false }, 6);
    // Six events deep covers a return after paid followed by a retry on another rail.
    expect(paths).toBeGreaterThan(1500);
    expect(refusals).toBeGreaterThan(2500);
  }, 30_000);
});

describe('goodwill (decision 036)', () => {
  test('accepted below the floor: the goodwill is owed with the offer, whole, and the payout pays both', () => {
    const accepted = offerAcceptedWithGoodwill({ grossCents: 36_000, feeCents: 0, goodwillCents: 2_500 });
    const position = payoutPosition(accepted);
    expect(position).toMatchObject({ purchasedCents: 36_000, goodwillCents: 2_500, payableCents: 38_500, feeCents: 0 });
    const handed = [...accepted, ...payoutHandedToRail({ rail: 'ach', amountCents: 38_500, priorLines: accepted })];
    const paid = [...handed, ...payoutPaid({ rail: 'ach', amountCents: 38_500, priorLines: handed })];
    expect(reconcilePayout({ railStatus: 'paid', amountCents: 38_500, lines: paid })).toEqual({ agrees: true });
  });

  test('the PayPal fee is kept from the offer, never from the goodwill', () => {
    const fee = payoutFeeCents(36_000, 'paypal');
    const position = payoutPosition(offerAcceptedWithGoodwill({ grossCents: 36_000, feeCents: fee, goodwillCents: 2_500 }));
    expect(position.payableCents).toBe(36_000 - fee + 2_500);
  });

  test('no goodwill owed: the acceptance posts exactly what it always did', () => {
    expect(offerAcceptedWithGoodwill({ grossCents: 36_000, feeCents: 0, goodwillCents: 0 })).toEqual(
      offerAccepted({ grossCents: 36_000, feeCents: 0 }),
    );
  });

  test('declined below the floor: the goodwill alone is owed, then paid like any payout', () => {
    const owed = goodwillOwed(2_500);
    expect(payoutPosition(owed)).toMatchObject({ purchasedCents: 0, goodwillCents: 2_500, payableCents: 2_500 });
    expect(reconcilePayout({ railStatus: 'pending', amountCents: 2_500, lines: owed })).toEqual({ agrees: true });
    const handed = [...owed, ...payoutHandedToRail({ rail: 'paypal', amountCents: 2_500, priorLines: owed })];
    expect(reconcilePayout({ railStatus: 'processing', amountCents: 2_500, lines: handed })).toEqual({ agrees: true });
  });

  test('a goodwill of nothing is refused', () => {
    expect(() => goodwillOwed(0)).toThrow('The goodwill must be a whole number of cents above 0, got 0.');
  });
});
