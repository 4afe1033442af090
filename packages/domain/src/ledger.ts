// The ledger's rules (DECISIONS "Money and parcels on real rails": every offer acceptance, fee,
// payout, return and reversal posts balanced double-entry lines; issue 12 item 6). Pure: the server
// loads a payout's lines, asks a builder here for the next posting, and stores what it answers, so
// the balance rule and the "never paid twice" rule exist once. Amounts are integer cents.
import { formatCents } from './money.ts';

/** Where money leaves by: the three payout methods plus the manual rail (a person sends it). */
export const ledgerRails = ['ach', 'paypal', 'check', 'manual'] as const;
export type LedgerRail = (typeof ledgerRails)[number];

const railNames: Record<LedgerRail, string> = { ach: 'ACH', paypal: 'PayPal', check: 'check', manual: 'the manual rail' };

/*
 * Chart of accounts.
 *
 * Decision: a payout handed to a rail moves its money from `asset:cash:<rail>` to
 * `asset:in-transit:<rail>`, and only the rail's confirmation settles `liability:seller-payable`.
 * Why: on every rail the money leaves our hands before the seller is known to have it (the bank
 * debits us when it settles the Nacha file, PayPal debits the balance when the batch is created,
 * a mailed check is outstanding until cashed, an unclaimed PayPal payment is held for 30 days),
 * and any of them can still come back. In transit is the "outstanding" column: cash:<rail> then
 * matches the bank or PayPal statement, while the payable stays exactly what we owe until the rail
 * says paid. A failure or return while in transit just moves the money back to cash, so the
 * payable never has to be "re-opened" and a retry pays exactly what is still owed.
 */
export type LedgerAccount =
  | 'inventory:purchases'
  | 'liability:seller-payable'
  | 'revenue:payout-fees'
  | 'expense:goodwill'
  // An item surrendered to the police (issue 28 item 6): its cost leaves inventory, nothing comes in.
  | 'expense:police-surrender'
  | `asset:cash:${LedgerRail}`
  | `asset:in-transit:${LedgerRail}`
  | SettlementLedgerAccount;

/*
 * The back office's accounts (issue 28 item 4): a refiner's settlement sells the metal of its lots
 * (revenue at the refiner's gross, its charges an expense), the wire lands in cash, and the lots'
 * items leave inventory at what the sellers were paid for them, into cost of goods sold. Kept
 * apart from the rails: a wire comes in, it is never a way a payout goes out.
 */
export const settlementLedgerAccounts = [
  'asset:cash:refiner-wires',
  'revenue:metal-sales',
  'expense:refining-charges',
  'expense:cost-of-goods-sold',
] as const;
export type SettlementLedgerAccount = (typeof settlementLedgerAccounts)[number];

export type LedgerAccountKind = 'asset' | 'liability' | 'revenue' | 'expense';

export interface LedgerAccountInfo {
  readonly account: LedgerAccount;
  readonly kind: LedgerAccountKind;
  /** The side that increases the account; balances are reported in this direction. */
  readonly normalSide: 'debit' | 'credit';
  readonly description: string;
}

export function cashAccount(rail: LedgerRail): `asset:cash:${LedgerRail}` {
  return `asset:cash:${rail}`;
}

export function inTransitAccount(rail: LedgerRail): `asset:in-transit:${LedgerRail}` {
  return `asset:in-transit:${rail}`;
}

export const chartOfAccounts: readonly LedgerAccountInfo[] = Object.freeze([
  {
    account: 'inventory:purchases',
    kind: 'asset',
    normalSide: 'debit',
    description: 'What we bought items for: the accepted offer, before any fee.',
  },
  {
    account: 'liability:seller-payable',
    kind: 'liability',
    normalSide: 'credit',
    description: 'What we owe sellers until a rail confirms the payout.',
  },
  {
    account: 'revenue:payout-fees',
    kind: 'revenue',
    normalSide: 'credit',
    description: 'The PayPal fee kept from a payout.',
  },
  {
    account: 'expense:goodwill',
    kind: 'expense',
    normalSide: 'debit',
    description: 'Goodwill paid to sellers whose offer missed the guaranteed floor unexplained (decision 036).',
  },
  ...ledgerRails.flatMap((rail): LedgerAccountInfo[] => [
    {
      account: cashAccount(rail),
      kind: 'asset',
      normalSide: 'debit',
      description: `Cash paid out by ${railNames[rail]}; matches that rail's statement.`,
    },
    {
      account: inTransitAccount(rail),
      kind: 'asset',
      normalSide: 'debit',
      description: `Money handed to ${railNames[rail]} and not yet confirmed paid or come back.`,
    },
  ]),
  {
    account: 'asset:cash:refiner-wires',
    kind: 'asset',
    normalSide: 'debit',
    description: "Wires received from refiners for settled melt lots; matches the bank's incoming wires.",
  },
  {
    account: 'revenue:metal-sales',
    kind: 'revenue',
    normalSide: 'credit',
    description: 'What refiners paid for the metal of settled lots, before their charges.',
  },
  {
    account: 'expense:refining-charges',
    kind: 'expense',
    normalSide: 'debit',
    description: "Refiners' refining, assay, shipping, wire and other charges, kept from their settlements.",
  },
  {
    account: 'expense:cost-of-goods-sold',
    kind: 'expense',
    normalSide: 'debit',
    description: 'What the items of a settled lot cost: moved out of inventory when the lot settles.',
  },
  {
    account: 'expense:police-surrender',
    kind: 'expense',
    normalSide: 'debit',
    description: 'What items surrendered to the police had cost: written off inventory, no money comes back.',
  },
]);

const accountInfo = new Map<string, LedgerAccountInfo>(chartOfAccounts.map((info) => [info.account, info]));

export function isLedgerAccount(value: string): value is LedgerAccount {
  return accountInfo.has(value);
}

/** One side of one account: exactly one of debitCents and creditCents is above 0. */
export interface LedgerLine {
  readonly account: LedgerAccount;
  readonly debitCents: number;
  readonly creditCents: number;
  readonly memo: string;
}

/** A posting or a state the ledger refuses; the server answers it as a conflict, never retries it. */
export class LedgerError extends Error {
  override readonly name = 'LedgerError';
}

/** Totals can pass Number.MAX_SAFE_INTEGER, so sentences must not need a safe number. */
function amountText(cents: bigint | number): string {
  const value = BigInt(cents);
  const safe = value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER);
  return safe ? formatCents(Number(value)) : `${value.toString()} cents`;
}

function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Why a line is not acceptable, or null. Shared by post() and the reconciliation. */
function lineProblem(line: LedgerLine, index: number): string | null {
  const label = `Line ${index + 1}${typeof line.account === 'string' ? ` (${line.account})` : ''}`;
  if (typeof line.account !== 'string' || !isLedgerAccount(line.account)) {
    return `${label}: the account is not in the chart of accounts.`;
  }
  if (!isCents(line.debitCents)) {
    return `${label}: the debit must be a whole, non-negative number of cents, got ${String(line.debitCents)}.`;
  }
  if (!isCents(line.creditCents)) {
    return `${label}: the credit must be a whole, non-negative number of cents, got ${String(line.creditCents)}.`;
  }
  if (line.debitCents > 0 && line.creditCents > 0) return `${label}: a line is a debit or a credit, not both.`;
  if (line.debitCents === 0 && line.creditCents === 0) return `${label}: a line must move money; both sides are 0.`;
  if (typeof line.memo !== 'string' || line.memo.trim() === '') return `${label}: a line needs a memo saying why.`;
  return null;
}

function totals(lines: readonly LedgerLine[]): { debits: bigint; credits: bigint } {
  let debits = 0n;
  let credits = 0n;
  for (const line of lines) {
    debits += BigInt(line.debitCents);
    credits += BigInt(line.creditCents);
  }
  return { debits, credits };
}

/**
 * The one place the balance rule lives: answers the lines, copied and frozen, if they form a
 * posting (at least one line, every line valid, debits equal to credits, summed exactly).
 * Throws LedgerError with the first problem otherwise. Every builder below ends here.
 */
export function post(entries: readonly LedgerLine[]): readonly LedgerLine[] {
  if (entries.length === 0) throw new LedgerError('A posting needs lines; this one is empty.');
  entries.forEach((line, index) => {
    const problem = lineProblem(line, index);
    if (problem) throw new LedgerError(problem);
  });
  const { debits, credits } = totals(entries);
  if (debits !== credits) {
    throw new LedgerError(`The posting does not balance: debits ${amountText(debits)}, credits ${amountText(credits)}.`);
  }
  return Object.freeze(
    entries.map((line) =>
      Object.freeze({
        account: line.account,
        debitCents: line.debitCents,
        creditCents: line.creditCents,
        memo: line.memo.trim(),
      }),
    ),
  );
}

export interface AccountBalance {
  readonly debitCents: number;
  readonly creditCents: number;
  /** Debits minus credits for debit-normal accounts, credits minus debits otherwise. */
  readonly balanceCents: number;
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new LedgerError(`A balance of ${value.toString()} cents is beyond what the ledger can hold.`);
  }
  return Number(value);
}

/**
 * Each account's totals and balance over the lines, in chart order (accounts without lines are
 * left out). Throws LedgerError for a line post() would have refused.
 */
export function balancesOf(lines: readonly LedgerLine[]): ReadonlyMap<LedgerAccount, AccountBalance> {
  const sums = new Map<LedgerAccount, { debits: bigint; credits: bigint }>();
  lines.forEach((line, index) => {
    const problem = lineProblem(line, index);
    if (problem) throw new LedgerError(problem);
    const sum = sums.get(line.account) ?? { debits: 0n, credits: 0n };
    sum.debits += BigInt(line.debitCents);
    sum.credits += BigInt(line.creditCents);
    sums.set(line.account, sum);
  });
  const balances = new Map<LedgerAccount, AccountBalance>();
  for (const info of chartOfAccounts) {
    const sum = sums.get(info.account);
    if (!sum) continue;
    const balance = info.normalSide === 'debit' ? sum.debits - sum.credits : sum.credits - sum.debits;
    balances.set(info.account, {
      debitCents: safeNumber(sum.debits),
      creditCents: safeNumber(sum.credits),
      balanceCents: safeNumber(balance),
    });
  }
  return balances;
}

/** Where one accepted offer's money stands, read from its lines alone. */
export interface PayoutPosition {
  /** Bought for (inventory:purchases). */
  readonly purchasedCents: number;
  /** Fee kept (revenue:payout-fees). */
  readonly feeCents: number;
  /** Goodwill owed or paid with this payout (expense:goodwill). */
  readonly goodwillCents: number;
  /** Still owed to the seller (liability:seller-payable). */
  readonly payableCents: number;
  /** Handed to each rail and not yet confirmed paid or come back. */
  readonly inTransitCents: Readonly<Record<LedgerRail, number>>;
  /** Left our cash by each rail, net of what came back (so in transit plus paid). */
  readonly cashOutCents: Readonly<Record<LedgerRail, number>>;
  readonly totalInTransitCents: number;
  readonly totalCashOutCents: number;
  /** Whether any attempt was ever handed to a rail, even one that came back. */
  readonly attempted: boolean;
}

function perRail(read: (rail: LedgerRail) => number): Record<LedgerRail, number> {
  return { ach: read('ach'), paypal: read('paypal'), check: read('check'), manual: read('manual') };
}

/** The position of one payout; `lines` must be that payout's lines and no other's. */
export function payoutPosition(lines: readonly LedgerLine[]): PayoutPosition {
  const balances = balancesOf(lines);
  const balance = (account: LedgerAccount): number => balances.get(account)?.balanceCents ?? 0;
  const inTransitCents = perRail((rail) => balance(inTransitAccount(rail)));
  // Cash is debit-normal, so money leaving shows as a negative balance; "out" is its opposite.
  const cashOutCents = perRail((rail) => -balance(cashAccount(rail)) || 0);
  const sum = (byRail: Record<LedgerRail, number>): number => ledgerRails.reduce((total, rail) => total + byRail[rail], 0);
  return {
    purchasedCents: balance('inventory:purchases'),
    feeCents: balance('revenue:payout-fees'),
    goodwillCents: balance('expense:goodwill'),
    payableCents: balance('liability:seller-payable'),
    inTransitCents,
    cashOutCents,
    totalInTransitCents: sum(inTransitCents),
    totalCashOutCents: sum(cashOutCents),
    attempted: ledgerRails.some((rail) => (balances.get(inTransitAccount(rail))?.debitCents ?? 0) > 0),
  };
}

function assertPositiveCents(cents: number, what: string): void {
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw new LedgerError(`${what} must be a whole number of cents above 0, got ${String(cents)}.`);
  }
}

function withNote(memo: string, note: string | undefined): string {
  const text = note?.trim();
  return text ? `${memo} (${text})` : memo;
}

/** The rails money of this payout currently sits on, e.g. "ACH" or "ACH and check". */
function railsHolding(byRail: Record<LedgerRail, number>): string {
  return ledgerRails
    .filter((rail) => byRail[rail] !== 0)
    .map((rail) => railNames[rail])
    .join(' and ');
}

export interface OfferAcceptedInput {
  /** The accepted offer: what the items are bought for. */
  readonly grossCents: number;
  /** The fee kept from the payout (payoutFeeCents: PayPal's, 0 for the other methods). */
  readonly feeCents: number;
}

/**
 * The seller accepted: items bought at the gross offer, the payout owed to the seller, and the
 * fee kept as revenue. Throws LedgerError when the fee would leave nothing owed.
 */
export function offerAccepted({ grossCents, feeCents }: OfferAcceptedInput): readonly LedgerLine[] {
  assertPositiveCents(grossCents, 'The accepted offer');
  if (!isCents(feeCents)) {
    throw new LedgerError(`The fee must be a whole, non-negative number of cents, got ${String(feeCents)}.`);
  }
  if (feeCents >= grossCents) {
    throw new LedgerError(
      `The fee (${formatCents(feeCents)}) must be less than the offer (${formatCents(grossCents)}), or nothing is owed to the seller.`,
    );
  }
  const lines: LedgerLine[] = [
    { account: 'inventory:purchases', debitCents: grossCents, creditCents: 0, memo: 'Offer accepted: items bought' },
    {
      account: 'liability:seller-payable',
      debitCents: 0,
      creditCents: grossCents - feeCents,
      memo: 'Offer accepted: payout owed to the seller',
    },
  ];
  if (feeCents > 0) {
    lines.push({ account: 'revenue:payout-fees', debitCents: 0, creditCents: feeCents, memo: 'PayPal fee kept from the payout' });
  }
  return post(lines);
}

/**
 * Decision 036 "Later": an offer below the guaranteed floor for a reason the measured facts do not
 * explain owes the seller the published goodwill. It is our expense, owed to the seller like the
 * offer: paid with the offer's payout when they accept, as a payout of its own when they decline.
 * Whole: no payout fee is ever kept from it.
 */
export function goodwillOwed(goodwillCents: number): readonly LedgerLine[] {
  assertPositiveCents(goodwillCents, 'The goodwill');
  const memo = 'Goodwill owed: the offer missed the guaranteed floor';
  return post([
    { account: 'expense:goodwill', debitCents: goodwillCents, creditCents: 0, memo },
    { account: 'liability:seller-payable', debitCents: 0, creditCents: goodwillCents, memo },
  ]);
}

/** The acceptance's one posting: the offer, and the goodwill with it when one is owed (0 for none). */
export function offerAcceptedWithGoodwill(input: OfferAcceptedInput & { readonly goodwillCents: number }): readonly LedgerLine[] {
  const offer = offerAccepted(input);
  return input.goodwillCents === 0 ? offer : post([...offer, ...goodwillOwed(input.goodwillCents)]);
}

export interface PayoutEventInput {
  readonly rail: LedgerRail;
  /** The payout amount: what the acceptance made payable (gross minus fee). */
  readonly amountCents: number;
  /** Every line already posted for this payout, and only this payout's. */
  readonly priorLines: readonly LedgerLine[];
  /** The rail's reference, kept in the memo for whoever reads the ledger. */
  readonly reference?: string;
}

/** Refuses to send money while any of it is out, or an amount other than what is owed. */
function assertNothingOut(position: PayoutPosition, amountCents: number): void {
  if (position.totalInTransitCents !== 0) {
    throw new LedgerError(
      `This payout is already with ${railsHolding(position.inTransitCents)} (${amountText(position.totalInTransitCents)} in transit); it cannot be handed to a rail again until that attempt is paid, failed or returned.`,
    );
  }
  if (position.totalCashOutCents !== 0) {
    throw new LedgerError(
      `This payout was already paid (${amountText(position.totalCashOutCents)} by ${railsHolding(position.cashOutCents)}); it cannot be paid twice.`,
    );
  }
  if (position.payableCents !== amountCents) {
    throw new LedgerError(
      `The ledger owes this seller ${amountText(position.payableCents)}, not ${amountText(amountCents)}; a payout pays exactly what is owed.`,
    );
  }
}

function handOver(input: PayoutEventInput, memo: string): readonly LedgerLine[] {
  const { rail, amountCents, reference } = input;
  return post([
    { account: inTransitAccount(rail), debitCents: amountCents, creditCents: 0, memo: withNote(memo, reference) },
    { account: cashAccount(rail), debitCents: 0, creditCents: amountCents, memo: withNote(memo, reference) },
  ]);
}

/**
 * The payout is handed to a rail (status processing): its money leaves cash into transit, and the
 * seller is still owed it. Throws LedgerError if any of it is already out or the amount is not
 * exactly what is owed, so a payout can never be sent twice.
 */
export function payoutHandedToRail(input: PayoutEventInput): readonly LedgerLine[] {
  assertPositiveCents(input.amountCents, 'The payout');
  assertNothingOut(payoutPosition(input.priorLines), input.amountCents);
  return handOver(input, `Payout handed to ${railNames[input.rail]}`);
}

/**
 * A failed or returned payout handed to a rail again, possibly another rail with the seller's new
 * details. The same guard as the first attempt, and refused if there was no earlier attempt.
 */
export function payoutRetried(input: PayoutEventInput): readonly LedgerLine[] {
  assertPositiveCents(input.amountCents, 'The payout');
  const position = payoutPosition(input.priorLines);
  assertNothingOut(position, input.amountCents);
  if (!position.attempted) {
    throw new LedgerError('This payout was never tried, so it cannot be retried; hand it to a rail for its first attempt.');
  }
  return handOver(input, `Payout retried by ${railNames[input.rail]}`);
}

/**
 * The rail confirms the seller has the money (status paid): the debt is settled from transit.
 * Throws LedgerError unless exactly this amount is in transit on this rail.
 */
export function payoutPaid(input: PayoutEventInput): readonly LedgerLine[] {
  const { rail, amountCents, reference } = input;
  assertPositiveCents(amountCents, 'The payout');
  const position = payoutPosition(input.priorLines);
  if (position.inTransitCents[rail] !== amountCents || position.payableCents !== amountCents) {
    if (position.totalInTransitCents === 0 && position.totalCashOutCents !== 0) {
      throw new LedgerError(
        `This payout was already paid (${amountText(position.totalCashOutCents)} by ${railsHolding(position.cashOutCents)}); it cannot be paid twice.`,
      );
    }
    if (position.totalInTransitCents !== 0 && position.inTransitCents[rail] === 0) {
      throw new LedgerError(
        `This payout is with ${railsHolding(position.inTransitCents)}, not ${railNames[rail]}; only that rail can say it is paid.`,
      );
    }
    throw new LedgerError(
      `${railNames[rail]} holds ${amountText(position.inTransitCents[rail])} of this payout and the seller is owed ${amountText(position.payableCents)}; neither matches the ${amountText(amountCents)} said to be paid.`,
    );
  }
  const memo = withNote(`Paid to the seller by ${railNames[rail]}`, reference);
  return post([
    { account: 'liability:seller-payable', debitCents: amountCents, creditCents: 0, memo },
    { account: inTransitAccount(rail), debitCents: 0, creditCents: amountCents, memo },
  ]);
}

export interface PayoutCameBackInput extends PayoutEventInput {
  readonly outcome: 'failed' | 'returned';
  /** The rail's reason (an R-code, PayPal's error name, "voided"); kept in the memo. */
  readonly reasonCode?: string;
}

/**
 * A payout failed or was returned, so its money is back with us and the seller is owed it again,
 * ready for a retry. From transit the money simply goes back to cash (the payable was never
 * settled); after paid (an ACH return days after settlement, a PayPal refund) it goes back to
 * cash and re-opens the payable. An unclaimed PayPal payment posts nothing: its money stays in
 * transit until PayPal returns it. Throws LedgerError when nothing of the payout is out by `rail`.
 */
export function payoutFailedOrReturned(input: PayoutCameBackInput): readonly LedgerLine[] {
  const { rail, amountCents, outcome, reasonCode, reference } = input;
  assertPositiveCents(amountCents, 'The payout');
  const position = payoutPosition(input.priorLines);
  const what = `${railNames[rail]} payout ${outcome}`;
  const note = [reasonCode?.trim(), reference?.trim()].filter(Boolean).join(', ');
  if (position.inTransitCents[rail] === amountCents && position.payableCents === amountCents) {
    const memo = withNote(`${what}: money back, still owed to the seller`, note);
    return post([
      { account: cashAccount(rail), debitCents: amountCents, creditCents: 0, memo },
      { account: inTransitAccount(rail), debitCents: 0, creditCents: amountCents, memo },
    ]);
  }
  const paidByThisRail =
    position.payableCents === 0 &&
    position.totalInTransitCents === 0 &&
    position.cashOutCents[rail] === amountCents &&
    position.totalCashOutCents === amountCents;
  if (paidByThisRail) {
    const memo = withNote(`${what} after it was paid: money back, owed to the seller again`, note);
    return post([
      { account: cashAccount(rail), debitCents: amountCents, creditCents: 0, memo },
      { account: 'liability:seller-payable', debitCents: 0, creditCents: amountCents, memo },
    ]);
  }
  throw new LedgerError(
    `Nothing of this payout is out by ${railNames[rail]} to come back: ${amountText(position.inTransitCents[rail])} in transit and ${amountText(position.cashOutCents[rail])} paid out by that rail, while the payout is ${amountText(amountCents)}.`,
  );
}

export interface OfferAdjustmentInput extends OfferAcceptedInput {
  /** Every line already posted for this offer's payout. */
  readonly priorLines: readonly LedgerLine[];
}

function assertAcceptedAsStated(position: PayoutPosition, grossCents: number, feeCents: number): void {
  if (position.purchasedCents !== grossCents || position.feeCents !== feeCents) {
    throw new LedgerError(
      `The ledger has this offer bought for ${amountText(position.purchasedCents)} with a ${amountText(position.feeCents)} fee, not ${amountText(grossCents)} with ${amountText(feeCents)}.`,
    );
  }
}

/**
 * An accepted offer is undone (e.g. cancelled before any payout): the exact opposite of its
 * acceptance. Throws LedgerError while any of its payout is out, or if the offer is not (or no
 * longer) on the ledger as stated.
 */
export function offerReversed({ grossCents, feeCents, priorLines }: OfferAdjustmentInput): readonly LedgerLine[] {
  const position = payoutPosition(priorLines);
  if (position.totalInTransitCents !== 0 || position.totalCashOutCents !== 0) {
    throw new LedgerError(
      'This offer cannot be reversed while its payout is with a rail or paid; the money must come back first.',
    );
  }
  if (position.purchasedCents === 0 && position.payableCents === 0) {
    throw new LedgerError('This offer is not on the ledger: never accepted, or already reversed.');
  }
  assertAcceptedAsStated(position, grossCents, feeCents);
  const reversalMemos: Partial<Record<LedgerAccount, string>> = {
    'inventory:purchases': 'Offer reversed: items no longer bought',
    'liability:seller-payable': 'Offer reversed: nothing owed to the seller',
    'revenue:payout-fees': 'Offer reversed: PayPal fee given up',
  };
  return post(
    offerAccepted({ grossCents, feeCents }).map((line) => ({
      account: line.account,
      debitCents: line.creditCents,
      creditCents: line.debitCents,
      memo: reversalMemos[line.account] ?? `Offer reversed: ${line.memo}`,
    })),
  );
}

export interface PayoutFeeChangedInput extends OfferAdjustmentInput {
  /** The fee of the method the seller now chose for the retry (payoutFeeCents). */
  readonly newFeeCents: number;
}

/**
 * The seller picks a method with another fee before a retry (ACH returned, now PayPal): the owed
 * amount and the fee revenue move by the difference, so the next attempt pays the new amount.
 * Throws LedgerError while money is out, if the fee does not change, or would leave nothing owed.
 */
export function payoutFeeChanged({
  grossCents,
  feeCents,
  newFeeCents,
  priorLines,
}: PayoutFeeChangedInput): readonly LedgerLine[] {
  const position = payoutPosition(priorLines);
  if (position.totalInTransitCents !== 0 || position.totalCashOutCents !== 0) {
    throw new LedgerError('The fee cannot change while the payout is with a rail or paid.');
  }
  assertAcceptedAsStated(position, grossCents, feeCents);
  offerAccepted({ grossCents, feeCents: newFeeCents });
  const change = newFeeCents - feeCents;
  if (change === 0) throw new LedgerError('The fee is unchanged, so there is nothing to post.');
  const memo = `Payout fee changed from ${formatCents(feeCents)} to ${formatCents(newFeeCents)}`;
  const amount = Math.abs(change);
  return post(
    change > 0
      ? [
          { account: 'liability:seller-payable', debitCents: amount, creditCents: 0, memo },
          { account: 'revenue:payout-fees', debitCents: 0, creditCents: amount, memo },
        ]
      : [
          { account: 'revenue:payout-fees', debitCents: amount, creditCents: 0, memo },
          { account: 'liability:seller-payable', debitCents: 0, creditCents: amount, memo },
        ],
  );
}

/** The payout lifecycle's words, as the rails report them. */
export const ledgerPayoutStatuses = ['pending', 'processing', 'paid', 'failed', 'returned', 'unclaimed'] as const;
export type LedgerPayoutStatus = (typeof ledgerPayoutStatuses)[number];

export interface ReconcilePayoutInput {
  readonly railStatus: LedgerPayoutStatus;
  readonly amountCents: number;
  /** Every line of this payout, and only this payout's. */
  readonly lines: readonly LedgerLine[];
  /** The rail the payout is on now; when given, money out on any other rail is a disagreement. */
  readonly rail?: LedgerRail;
}

export type PayoutReconciliation =
  { readonly agrees: true } | { readonly agrees: false; /** One sentence for the admin's report. */ readonly reason: string };

/** What the ledger must show for each rail state: [owed, in transit, cash out] as multiples of the amount. */
const expectedShares: Record<LedgerPayoutStatus, readonly [owed: 0 | 1, inTransit: 0 | 1, cashOut: 0 | 1]> = {
  pending: [1, 0, 0],
  failed: [1, 0, 0],
  returned: [1, 0, 0],
  processing: [1, 1, 1],
  unclaimed: [1, 1, 1],
  paid: [0, 0, 1],
};

function joinClauses(clauses: readonly string[]): string {
  if (clauses.length <= 1) return clauses.join('');
  return `${clauses.slice(0, -1).join(', ')} and ${clauses.at(-1) ?? ''}`;
}

/**
 * Whether one payout's ledger agrees with what its rail says: pending, failed and returned owe the
 * whole amount with nothing out; processing and unclaimed owe it with all of it in transit (so out
 * of cash); paid owes nothing, with the amount out of cash exactly once. Never throws: lines the
 * ledger would refuse are themselves a disagreement.
 */
export function reconcilePayout({ railStatus, amountCents, lines, rail }: ReconcilePayoutInput): PayoutReconciliation {
  for (const [index, line] of lines.entries()) {
    const problem = lineProblem(line, index);
    if (problem) return { agrees: false, reason: `The ledger has a line it should have refused. ${problem}` };
  }
  const { debits, credits } = totals(lines);
  if (debits !== credits) {
    return {
      agrees: false,
      reason: `The payout's lines do not balance: debits ${amountText(debits)}, credits ${amountText(credits)}.`,
    };
  }
  let position: PayoutPosition;
  try {
    position = payoutPosition(lines);
  } catch (error) {
    return { agrees: false, reason: error instanceof Error ? error.message : String(error) };
  }
  const [owed, inTransit, cashOut] = expectedShares[railStatus];
  const clauses: string[] = [];
  const compare = (actual: number, expected: number, describe: (amount: string) => string): void => {
    if (actual !== expected) clauses.push(`${describe(amountText(actual))} (expected ${amountText(expected)})`);
  };
  compare(position.payableCents, owed * amountCents, (a) => `the seller is owed ${a}`);
  compare(position.totalInTransitCents, inTransit * amountCents, (a) => `${a} is in transit`);
  compare(position.totalCashOutCents, cashOut * amountCents, (a) => `${a} has left our cash`);
  if (rail && clauses.length === 0) {
    const elsewhere = ledgerRails.filter(
      (other) => other !== rail && (position.inTransitCents[other] !== 0 || position.cashOutCents[other] !== 0),
    );
    if (elsewhere.length > 0) {
      clauses.push(`the money is on ${elsewhere.map((other) => railNames[other]).join(' and ')}, not ${railNames[rail]}`);
    }
  }
  if (clauses.length === 0) return { agrees: true };
  return { agrees: false, reason: `The rail says ${railStatus}, but ${joinClauses(clauses)}.` };
}
