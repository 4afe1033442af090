// The check register (issue 12 item 4, DECISIONS "Money and parcels on real rails": checks, a
// register with check numbers and a mailing record). An admin registers a check for a pending
// check payout (the payout goes on its way, on the check rail), prints its stub, and marks it
// mailed (paid) or voids it (failed before mailing, returned after), so the seller is asked for
// details again and the payout can be retried. Every payout move goes through movePayout (the
// status gate, the ledger, the seller's timeline) in the same db transaction as the check's row.
import {
  addressLines,
  businessDateOf,
  type Check,
  type CheckStatus,
  CHECK_LIST_MAX,
  checkLabel,
  checkVoidedReason,
  mailedOnProblem,
  nextCheckNumber,
  parseOneLineAddress,
  payoutStatusLabels,
  isPayoutStatus,
  shortId,
  streetAddress,
  complianceHoldMessage,
  awaitsApproval,
  payoutApprovalMessages,
  type ShippingAddress,
  centsToDecimalString,
} from '@assay/domain';
import { type Actor, assertAppraiser } from '../../../access/actor.ts';
import type { AppContext } from '../../../context.ts';
import type { DecryptionKeys } from '../../../lib/crypto.ts';
import { openAddress, personalDataContext, readAddressForReport, sealAddress } from '../../../lib/personal-data.ts';
import { badRequest, conflict, notFound } from '../../../lib/app-error.ts';
import { writeAuditEntry } from '../../audit/index.ts';
import { movePayout } from '../../payouts/index.ts';
import { payeeOf } from '../../users/index.ts';
import { renderCheckPdf } from './checks.pdf.ts';
import {
  type CheckRow,
  checkNumberTaken,
  type CheckWithPayout,
  findCheck,
  findCheckWithPayout,
  highestCheckNumber,
  insertCheck,
  listChecks,
  lockCheckRegister,
  lockPayout,
  type PayoutRow,
  updatePrintedCheck,
  voidMailedCheck,
} from './checks.repository.ts';

type ChecksContext = Pick<AppContext, 'db' | 'config' | 'clock' | 'keys'>;

const methodNames: Record<string, string> = { ach: 'ACH', paypal: 'PayPal' };

export const checkMessages = {
  notACheck: (method: string) =>
    `This payout goes by ${methodNames[method] ?? method}, not by check, so no check is registered for it.`,
  notPending: (status: string) =>
    `This payout is "${isPayoutStatus(status) ? payoutStatusLabels[status] : status}"; a check is registered only for a payout waiting to be sent.`,
  noAddress: 'The seller has no mailing address on file; ask them for one before registering a check.',
  noName: 'The seller has no name on file to make the check out to.',
  numberTaken: (n: number) => `Check number ${n} is already in the register; use the next unused number.`,
  numbersUsedUp: 'Check numbers are used up to 99999999; give the number printed on the next check of the stock.',
  alreadyHasCheck: 'This payout already has a check in the register; void it before registering another.',
  alreadyMailed: (n: number, on: string | null) => `${checkLabel(n)} was already marked mailed${on ? ` on ${on}` : ''}.`,
  voided: (n: number) => `${checkLabel(n)} was voided.`,
  retriedSince: (n: number) => `${checkLabel(n)} was for an earlier attempt of this payout, which has been tried again since.`,
} as const;

/** A check's mailing address whole: for the register's list a lost key reads UNREADABLE, for the printed stub it throws. */
function mailingAddressOf(keys: DecryptionKeys, check: CheckWithPayout['check'], mode: 'list' | 'print'): ShippingAddress {
  const context = personalDataContext.checkMailingStreet(check.id);
  return (mode === 'print' ? openAddress : readAddressForReport)(
    keys,
    check.mailingAddress,
    check.encryptedMailingStreet,
    context,
  )!;
}

const toCheckDto =
  (keys: DecryptionKeys) =>
  ({ check, payout }: CheckWithPayout): Check => ({
    id: check.id,
    transactionId: check.transactionId,
    submissionId: payout.submissionId,
    submissionShortId: shortId(payout.submissionId),
    checkNumber: check.checkNumber,
    payee: check.payee,
    amount: centsToDecimalString(check.amount),
    mailingAddress: mailingAddressOf(keys, check, 'list'),
    status: check.status,
    registeredAt: check.registeredAt.toISOString(),
    mailedOn: check.mailedOn,
    voidedAt: check.voidedAt?.toISOString() ?? null,
    voidReason: check.voidReason,
    payoutStatus: payout.status,
  });

/** A unique index answering first (two registrars racing past the lock's reach): the sentence it means. */
function asRegisterConflict(error: unknown, checkNumber: number): unknown {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') {
      return conflict(
        constraint === 'checks_live_per_payout_idx' ? checkMessages.alreadyHasCheck : checkMessages.numberTaken(checkNumber),
      );
    }
  }
  return error;
}

/**
 * Registers a check for a pending check payout: made out to the seller's name for the payout's net
 * amount, to be mailed to their stored address (kept on the check as it is now), under the given
 * number or the next after the highest used. The payout goes on its way on the check rail, with the
 * check number as its reference, in the same db transaction.
 */
export async function registerCheck(
  ctx: ChecksContext,
  admin: Actor,
  input: { transactionId: string; checkNumber?: number | undefined },
): Promise<Check> {
  assertAppraiser(admin);
  const now = ctx.clock.now();
  let checkNumber = input.checkNumber ?? 0;
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockCheckRegister(tx);
      const payout = await lockPayout(tx, input.transactionId);
      if (!payout) throw notFound('That payout');
      if (payout.payoutMethod !== 'check') throw conflict(checkMessages.notACheck(payout.payoutMethod));
      if (payout.status !== 'pending') throw conflict(checkMessages.notPending(payout.status));
      if (payout.complianceHold) throw conflict(complianceHoldMessage(payout.complianceHold));
      if (awaitsApproval(payout)) throw conflict(payoutApprovalMessages.awaiting);
      const payee = await payeeOf(tx, ctx.keys.decryptionKeys, payout.userId);
      if (!payee?.address) throw conflict(checkMessages.noAddress);
      if (!payee.name) throw conflict(checkMessages.noName);

      const number = input.checkNumber ?? nextCheckNumber(await highestCheckNumber(tx), ctx.config.checkFirstNumber);
      if (number === null) throw conflict(checkMessages.numbersUsedUp);
      checkNumber = number;
      if (await checkNumberTaken(tx, number)) throw conflict(checkMessages.numberTaken(number));

      const id = crypto.randomUUID();
      const sealed = sealAddress(ctx.keys.encryptionKey, payee.address, personalDataContext.checkMailingStreet(id));
      const check = await insertCheck(tx, {
        id,
        transactionId: payout.id,
        attempt: payout.attempt,
        checkNumber: number,
        payee: payee.name,
        amount: payout.amount,
        mailingAddress: sealed.address,
        encryptedMailingStreet: sealed.encryptedStreet,
        status: 'printed',
        registeredAt: now,
        registeredBy: admin.id,
      });
      const moved = await movePayout(tx, payout, {
        transition: 'handToRail',
        at: now,
        rail: 'check',
        reference: String(number),
        actorId: admin.id,
      });
      await writeAuditEntry(tx, {
        actorId: admin.id,
        entityType: 'transaction',
        entityId: payout.id,
        action: 'check_registered',
        fromStatus: null,
        toStatus: null,
        changes: {
          checkId: check.id,
          checkNumber: number,
          amount: centsToDecimalString(check.amount),
          reference: String(number),
        },
      });
      return toCheckDto(ctx.keys.decryptionKeys)({ check, payout: moved });
    });
  } catch (error) {
    throw asRegisterConflict(error, checkNumber);
  }
}

/** The number a check registered now would get without one given: what the register form offers. */
export async function nextNumberOfRegister(
  ctx: Pick<AppContext, 'db' | 'config'>,
  admin: Actor,
): Promise<{ checkNumber: number | null }> {
  assertAppraiser(admin);
  return { checkNumber: nextCheckNumber(await highestCheckNumber(ctx.db), ctx.config.checkFirstNumber) };
}

export async function listCheckRegister(
  ctx: Pick<AppContext, 'db' | 'keys'>,
  admin: Actor,
  query: { status?: CheckStatus | undefined },
): Promise<Check[]> {
  assertAppraiser(admin);
  return (await listChecks(ctx.db, query.status, CHECK_LIST_MAX)).map(toCheckDto(ctx.keys.decryptionKeys));
}

/** The check and its payout, both locked; 404 for an unknown check, 409 when the payout was retried since. */
async function lockCheckAndPayout(tx: ChecksContext['db'], checkId: string): Promise<{ check: CheckRow; payout: PayoutRow }> {
  const check = await findCheck(tx, checkId, true);
  if (!check) throw notFound('That check');
  const payout = await lockPayout(tx, check.transactionId);
  if (!payout) throw notFound('That payout');
  if (check.status !== 'voided' && payout.attempt !== check.attempt)
    throw conflict(checkMessages.retriedSince(check.checkNumber));
  return { check, payout };
}

/**
 * The check went in the mail on `mailedOn` (not in the future, not before it was registered): its
 * payout is paid, by check, reference "Check 1234"; the seller's timeline and e-mail follow from
 * movePayout.
 */
export async function markCheckMailed(
  ctx: ChecksContext,
  admin: Actor,
  { checkId, mailedOn }: { checkId: string; mailedOn: string },
): Promise<Check> {
  assertAppraiser(admin);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const { check, payout } = await lockCheckAndPayout(tx, checkId);
    if (check.status === 'mailed') throw conflict(checkMessages.alreadyMailed(check.checkNumber, check.mailedOn));
    if (check.status === 'voided') throw conflict(`${checkMessages.voided(check.checkNumber)} It cannot be mailed.`);
    const problem = mailedOnProblem(mailedOn, check.registeredAt, now, ctx.config.compliance.timeZone);
    if (problem) throw badRequest(problem);
    const moved = await movePayout(tx, payout, {
      transition: 'confirmPaid',
      at: now,
      rail: 'check',
      reference: checkLabel(check.checkNumber),
      actorId: admin.id,
    });
    const mailed = await updatePrintedCheck(tx, check.id, { status: 'mailed', mailedOn });
    // The row is locked: only a schema change could make this miss.
    if (!mailed) throw conflict(checkMessages.alreadyMailed(check.checkNumber, null));
    return toCheckDto(ctx.keys.decryptionKeys)({ check: mailed, payout: moved });
  });
}

/**
 * Voids a check: one printed and never mailed fails its payout; one mailed that never arrived or
 * was stopped marks its payout returned. Either way the reason reads "Check 1234 voided: <why>" on
 * the seller's timeline, the seller is asked for details again, and the payout can be retried.
 */
export async function voidCheck(
  ctx: ChecksContext,
  admin: Actor,
  { checkId, reason }: { checkId: string; reason: string },
): Promise<Check> {
  assertAppraiser(admin);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const { check, payout } = await lockCheckAndPayout(tx, checkId);
    if (check.status === 'voided') throw conflict(`${checkMessages.voided(check.checkNumber)} It cannot be voided again.`);
    const why = checkVoidedReason(check.checkNumber, reason);
    const moved = await movePayout(tx, payout, {
      transition: check.status === 'printed' ? 'fail' : 'markReturned',
      at: now,
      reasonCode: 'CHECK_VOIDED',
      reason: why,
      actorId: admin.id,
    });
    const voided =
      check.status === 'printed'
        ? await updatePrintedCheck(tx, check.id, { status: 'voided', voidedAt: now, voidReason: reason })
        : await voidMailedCheck(tx, check.id, now, reason);
    if (!voided) throw conflict(`${checkMessages.voided(check.checkNumber)} It cannot be voided again.`);
    await writeAuditEntry(tx, {
      actorId: admin.id,
      entityType: 'transaction',
      entityId: payout.id,
      action: 'check_voided',
      fromStatus: null,
      toStatus: null,
      changes: {
        checkId: check.id,
        checkNumber: check.checkNumber,
        reason,
        ...(check.mailedOn ? { mailedOn: check.mailedOn } : {}),
      },
    });
    return toCheckDto(ctx.keys.decryptionKeys)({ check: voided, payout: moved });
  });
}

/** The business's address under its name on the check: street, suite, "City, ST 12345". */
function drawerAddressLines(oneLineAddress: string): string[] {
  const parsed = parseOneLineAddress(oneLineAddress);
  return parsed ? addressLines(parsed).slice(1) : [streetAddress(oneLineAddress)];
}

/**
 * The check's printable page (checks.pdf.ts), for the bank's check stock; each print is audited on
 * the payout. A voided check is not printed again.
 */
export async function checkStubPdf(
  ctx: Pick<AppContext, 'db' | 'config' | 'keys'>,
  admin: Actor,
  { checkId }: { checkId: string },
): Promise<{ fileName: string; pdf: Buffer }> {
  assertAppraiser(admin);
  const found = await findCheckWithPayout(ctx.db, checkId);
  if (!found) throw notFound('That check');
  const { check, payout } = found;
  if (check.status === 'voided') throw conflict(`${checkMessages.voided(check.checkNumber)} Its stub is not printed again.`);
  const business = ctx.config.business;
  const pdf = await renderCheckPdf({
    sample: business.example,
    checkNumber: check.checkNumber,
    // The day the appraiser registered it, on the business's calendar (BUSINESS_TIME_ZONE).
    date: businessDateOf(check.registeredAt, ctx.config.compliance.timeZone),
    payee: check.payee,
    amountCents: check.amount,
    submissionShortId: shortId(payout.submissionId),
    offerCents: payout.grossAmount,
    feeCents: payout.feeAmount,
    drawer: { legalName: business.legalName, addressLines: drawerAddressLines(business.address) },
    mailingAddress: mailingAddressOf(ctx.keys.decryptionKeys, check, 'print'),
  });
  await writeAuditEntry(ctx.db, {
    actorId: admin.id,
    entityType: 'transaction',
    entityId: check.transactionId,
    action: 'check_stub_downloaded',
    fromStatus: null,
    toStatus: null,
    changes: { checkId: check.id, checkNumber: check.checkNumber },
  });
  return { fileName: `assay-check-${check.checkNumber}.pdf`, pdf };
}
