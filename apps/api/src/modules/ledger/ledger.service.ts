// The ledger (issue 12 item 6, DECISIONS "Money and parcels on real rails"): the one posting
// function, the postings each payout move makes, and the admins' reconciliation. The rules
// themselves (what balances, what may be paid) are the domain's (packages/domain ledger.ts); this
// module only loads a payout's lines, asks the domain, and stores the answer in the caller's
// database transaction, so a refused posting rolls back the move that asked for it.
import {
  type AccountBalance,
  balancesOf,
  chartOfAccounts,
  type LedgerAccount,
  LedgerError,
  type LedgerLine,
  type LedgerRail,
  goodwillOwed,
  offerAcceptedWithGoodwill,
  payoutFailedOrReturned,
  payoutHandedToRail,
  payoutPaid,
  payoutRetried,
  type PayoutRail,
  policeSurrenderWriteOff,
  type PayoutStatus,
  type PayoutTransitionName,
  post,
  type SettlementPostingInput,
  settlementPostings,
} from '@assay/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertLedgerLines, selectLedgerLinesOf, sumLedgerByAccount } from './ledger.repository.ts';

/** What posted a posting: the acceptance, or the payout transition that moved the money. */
export type LedgerEvent = 'offer_accepted' | 'goodwill_owed' | 'refiner_settlement' | 'police_surrender' | PayoutTransitionName;

/** Whose posting it is: one payout's, or one refiner settlement's (the table's CHECK: exactly one). */
export type LedgerOwner = { transactionId: string; settlementId?: never } | { settlementId: string; transactionId?: never };

/**
 * The one place a payout's rail (payout-lifecycle.ts) becomes the ledger's: the ledger keeps one
 * cash account per way money leaves, and an ACH file is the ACH rail.
 */
const ledgerRailOfPayoutRail: Record<PayoutRail, LedgerRail> = {
  manual: 'manual',
  'ach-file': 'ach',
  paypal: 'paypal',
  check: 'check',
};

export function ledgerRailOf(rail: string): LedgerRail {
  const mapped = ledgerRailOfPayoutRail[rail as PayoutRail];
  if (!mapped) throw new LedgerError(`The rail "${rail}" has no account in the ledger.`);
  return mapped;
}

/**
 * The one posting function: the domain's post() refuses anything unbalanced or malformed (a
 * LedgerError), then the lines are written under one posting id. Answers the lines as posted.
 */
export async function postLedger(
  tx: DbOrTx,
  { event, lines, ...owner }: LedgerOwner & { event: LedgerEvent; lines: readonly LedgerLine[] },
): Promise<readonly LedgerLine[]> {
  const posted = post(lines);
  const postingId = crypto.randomUUID();
  await insertLedgerLines(
    tx,
    posted.map((line) => ({
      id: crypto.randomUUID(),
      postingId,
      transactionId: owner.transactionId ?? null,
      settlementId: owner.settlementId ?? null,
      account: line.account,
      debitCents: line.debitCents,
      creditCents: line.creditCents,
      memo: line.memo,
      event,
    })),
  );
  return posted;
}

/**
 * A refiner's settlement (settlement-postings.ts): the wire, the metal sold, the charges, and the
 * lots' items out of inventory at what the sellers were paid. Its own posting, owned by the settlement.
 */
export function postRefinerSettlement(tx: DbOrTx, settlementId: string, input: SettlementPostingInput) {
  return postLedger(tx, { settlementId, event: 'refiner_settlement', lines: settlementPostings(input) });
}

/** Every line of one payout, oldest posting first. */
export function ledgerLinesOf(tx: DbOrTx, transactionId: string): Promise<LedgerLine[]> {
  return selectLedgerLinesOf(tx, transactionId);
}

/**
 * The seller accepted: the items bought at the gross offer, the payout owed, the fee kept, and the
 * goodwill owed with it when the offer missed the guaranteed floor (decision 036).
 * `row`'s amounts are cents, as a payout row holds them (db/schema/money.ts).
 */
export function postOfferAccepted(
  tx: DbOrTx,
  row: { id: string; grossAmount: number; feeAmount: number; goodwillAmount?: number },
) {
  return postLedger(tx, {
    transactionId: row.id,
    event: 'offer_accepted',
    lines: offerAcceptedWithGoodwill({
      grossCents: row.grossAmount,
      feeCents: row.feeAmount,
      goodwillCents: row.goodwillAmount ?? 0,
    }),
  });
}

/** A declined offer's goodwill claimed (decision 036): its own payout owes the goodwill alone. */
export function postGoodwillOwed(tx: DbOrTx, row: { id: string; goodwillAmount: number }) {
  return postLedger(tx, { transactionId: row.id, event: 'goodwill_owed', lines: goodwillOwed(row.goodwillAmount) });
}

/**
 * An item surrendered to the police (issue 28 item 6): its cost written off inventory. The lines
 * belong to the payout that bought the item, as every line belongs to one payout.
 */
export function postPoliceSurrender(tx: DbOrTx, row: { transactionId: string; costCents: number; caseNumber: string }) {
  return postLedger(tx, {
    transactionId: row.transactionId,
    event: 'police_surrender',
    lines: policeSurrenderWriteOff(row.costCents, row.caseNumber),
  });
}

/** The ledger refused a posting: a 409 with the ledger's sentence, told apart from the gate's own 409. */
export class LedgerConflict extends AppError {
  constructor(message: string) {
    super('CONFLICT', message);
    this.name = 'LedgerConflict';
  }
}

/** A LedgerError as the 409 the client reads; anything else as it was. */
export function asLedgerConflict(error: unknown): unknown {
  return error instanceof LedgerError ? new LedgerConflict(error.message) : error;
}

/** A payout as it was before a move, read under the status gate's row lock. */
export interface PayoutBeforeMove {
  status: PayoutStatus;
  /** The rail its money, if any is out, went by (a move may name another rail from now on). */
  rail: PayoutRail;
}

export interface PayoutMovePosting {
  transition: PayoutTransitionName;
  /** The payout as it was before the move. */
  before: PayoutBeforeMove;
  /** The payout as the move left it: its rail, amount and reference. */
  moved: { id: string; rail: string; amount: number; reference: string | null };
  reasonCode?: string | null;
}

/**
 * Posts what one payout move means for the money, inside the move's own database transaction.
 * Throws LedgerError (the caller answers 409, and the move rolls back with it) when the ledger
 * refuses, e.g. a second payment of the same payout.
 *
 * - handToRail: cash into transit on the rail (payoutRetried when an earlier attempt came back,
 *   whose guard is the same plus "there was an earlier attempt").
 * - confirmPaid: the payable settled from transit. From pending (an appraiser who paid by hand, a
 *   provider that pays at once) the hand-over is posted first, since the domain only pays what is
 *   in transit.
 * - fail, markReturned: the money back to cash (and the payable re-opened after paid). A payout
 *   failed while still pending never left, so there is nothing to post.
 * - markUnclaimed: nothing; PayPal holds the money, still in transit, until it is claimed or comes
 *   back.
 * - retry: the payout is pending again, owed with nothing out, so nothing moves; the next
 *   hand-over posts payoutRetried. Except from unclaimed: its money is still in transit, and
 *   retrying means PayPal's unclaimed item comes back first, so that is posted as returned.
 */
export async function postPayoutMove(tx: DbOrTx, { transition, before, moved, reasonCode }: PayoutMovePosting): Promise<void> {
  const from = before.status;
  // Money goes out by the rail the move names, and comes back by the one it went out on.
  const rail = ledgerRailOf(moved.rail);
  const railOut = ledgerRailOf(before.rail);
  const amountCents = moved.amount;
  const reference = moved.reference ?? undefined;
  const lines = await ledgerLinesOf(tx, moved.id);
  const postFor = async (posted: readonly LedgerLine[]) => {
    lines.push(...(await postLedger(tx, { transactionId: moved.id, event: transition, lines: posted })));
  };
  const handOver = () => {
    const attempted = lines.some((line) => line.account.startsWith('asset:in-transit:') && line.debitCents > 0);
    return (attempted ? payoutRetried : payoutHandedToRail)({ rail, amountCents, priorLines: lines, reference });
  };
  const cameBack = (outcome: 'failed' | 'returned', code: string | undefined) =>
    payoutFailedOrReturned({ rail: railOut, amountCents, priorLines: lines, reference, outcome, reasonCode: code });

  switch (transition) {
    case 'handToRail':
      await postFor(handOver());
      return;
    case 'confirmPaid':
      if (from === 'pending') await postFor(handOver());
      await postFor(payoutPaid({ rail, amountCents, priorLines: lines, reference }));
      return;
    case 'fail':
      if (from !== 'pending') await postFor(cameBack('failed', reasonCode ?? undefined));
      return;
    case 'markReturned':
      await postFor(cameBack('returned', reasonCode ?? undefined));
      return;
    case 'markUnclaimed':
      return;
    case 'retry':
      if (from === 'unclaimed') await postFor(cameBack('returned', 'unclaimed'));
      return;
  }
}

/** Sums per account as lines the domain can read (a payout's, or the whole ledger's): one debit and one credit line at most each. */
export function linesFromSums(sums: readonly { account: string | null; debits: string; credits: string }[]): LedgerLine[] {
  return sums.flatMap(({ account, debits, credits }) => {
    if (account === null) return [];
    const memo = 'Total of the posted lines';
    const out: LedgerLine[] = [];
    const debitCents = Number(debits);
    const creditCents = Number(credits);
    if (debitCents !== 0) out.push({ account: account as LedgerAccount, debitCents, creditCents: 0, memo });
    if (creditCents !== 0) out.push({ account: account as LedgerAccount, debitCents: 0, creditCents, memo });
    return out;
  });
}

export interface LedgerAccountBalance extends AccountBalance {
  account: LedgerAccount;
  description: string;
}

/** Each account with lines: its totals and balance in its normal direction, in chart order. */
export async function ledgerBalances(db: DbOrTx): Promise<LedgerAccountBalance[]> {
  const balances = balancesOf(linesFromSums(await sumLedgerByAccount(db)));
  return chartOfAccounts.flatMap((info) => {
    const balance = balances.get(info.account);
    return balance ? [{ account: info.account, description: info.description, ...balance }] : [];
  });
}
