// ACH payouts by Nacha file (issue 12 item 2, DECISIONS "Money and parcels on real rails"): an admin
// gathers the pending ACH payouts into a batch, downloads its file for the company's bank, marks it
// settled when the bank confirms, and imports the bank's return file. Every payout moves through
// movePayout (the status gate and the seller's timeline) in the same db transaction as the batch
// rows. The file is never stored: it is written again from the rows on each download, with the
// account numbers decrypted only for that, and every download is audited on each payout it pays.
import {
  type AchDetails,
  centsToDecimalString,
  isPayoutStatus,
  canFirePayoutTransition,
  shortId,
  complianceHoldMessage,
  awaitsApproval,
  payoutApprovalMessages,
} from '@assay/domain';
import { type Actor, assertAppraiser } from '../../../access/actor.ts';
import type { AppContext } from '../../../context.ts';
import { badRequest, conflict, notFound } from '../../../lib/app-error.ts';
import { decryptJson } from '../../../lib/crypto.ts';
import { writeAuditEntries } from '../../audit/index.ts';
import { bankDetailsContext, movePayout } from '../../payouts/index.ts';
import {
  type AchBatchRow,
  entriesByTraceNumbers,
  entriesOfBatch,
  findBatch,
  highestTraceNumber,
  insertBatch,
  listBatches,
  waitingEntryCounts,
  lockAchBatchCreation,
  lockPayout,
  modifiersUsedBetween,
  type PayoutRow,
  pendingAchPayouts,
} from './ach-batches.repository.ts';
import type { AchBatchDto, AchBatchSettled, AchBatchSummaryDto, AchReturnResult } from '@assay/domain';
import {
  type NachaCreditEntryInput,
  NachaFieldError,
  type NachaOriginatorConfig,
  writeNachaCreditFile,
} from './nacha/nacha-file.ts';
import { NachaReturnFileError, parseNachaReturnFile } from './nacha/nacha-returns.ts';

type AchContext = Pick<AppContext, 'db' | 'keys' | 'config' | 'clock'>;

export const achMessages = {
  nothingPending: 'There are no pending ACH payouts to put in a file.',
  notConfigured: (missing: readonly string[]) =>
    `ACH files need the company's bank settings from its ACH agreement: set ${joinNames(missing)} on the server and restart it.`,
  modifiersUsedUp:
    "Today's 36 ACH files (file ID modifiers A-Z and 0-9) have all been made; the next one can be made tomorrow (UTC).",
  otherBank: (odfiId: string) =>
    `This file was made for the bank whose ODFI id is ${odfiId}, but ACH_ODFI_ROUTING now names another bank, so it cannot be written again.`,
  retriedSince: (submissionShortId: string) =>
    `This file can no longer be written: the payout for submission ${submissionShortId} was tried again with new bank details since, and sending this file again could pay it twice.`,
  unreadableReturnFile: (sentence: string) => `The return file could not be read, so nothing was changed. ${sentence}`,
  unknownTrace: 'No entry we sent has this trace number.',
  otherAmount: (returned: string, sent: string) =>
    `The return is for $${returned}, but the entry with this trace number was for $${sent}; please check it with the bank.`,
} as const;

const MODIFIERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const LIST_LIMIT = 100;
const DAY_MS = 86_400_000;

function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The writer's view of ACH_*; 409 naming what is unset (production only: elsewhere examples stand in). */
function originatorOf(config: AchContext['config']): NachaOriginatorConfig {
  const { settings, missing } = config.ach;
  if (!settings) throw conflict(achMessages.notConfigured(missing));
  return {
    immediateDestination: settings.odfiRouting,
    immediateOrigin: settings.companyId,
    destinationName: settings.destinationName,
    originName: settings.originName,
    companyName: settings.companyName,
    companyId: settings.companyId,
    odfiId: settings.odfiRouting.slice(0, 8),
    entryDescription: settings.entryDescription,
  };
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export function achFileName(batch: Pick<AchBatchRow, 'fileCreatedAt' | 'fileIdModifier'>): string {
  return `assay-ach-${utcDay(batch.fileCreatedAt)}-${batch.fileIdModifier}.txt`;
}

/** The payout's entry as the bank reads it; the account number lives only as long as the caller's call. */
function entryOf(ctx: Pick<AchContext, 'keys'>, payout: PayoutRow, amountCents: number): NachaCreditEntryInput {
  const details = decryptJson<AchDetails>(ctx.keys.decryptionKeys, payout.encryptedBankDetails!, bankDetailsContext(payout.id));
  return {
    // The bank hands this back with any return: the submission's short id and the attempt.
    individualId: `${shortId(payout.submissionId)}-${payout.attempt}`,
    individualName: details.accountName,
    routingNumber: details.routingNumber,
    accountNumber: details.accountNumber,
    amountCents,
  };
}

/** The writer's sentence without its "Entry 1 (id): " prefix; it never holds an account number. */
function problemOf(error: NachaFieldError): string {
  const sentence = error.message.replace(/^[^:]*: /, '');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** A whole file the writer refuses (trace numbers used up, a setting it rejects) is a 409 with its sentence. */
function refusingUnwritable<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    throw error instanceof NachaFieldError ? conflict(error.message) : error;
  }
}

function summaryOf(batch: AchBatchRow, waitingCount: number): AchBatchSummaryDto {
  return {
    waitingCount,
    id: batch.id,
    fileName: achFileName(batch),
    fileCreatedAt: batch.fileCreatedAt.toISOString(),
    fileIdModifier: batch.fileIdModifier,
    entryCount: batch.entryCount,
    total: centsToDecimalString(batch.totalCents),
    createdAt: batch.createdAt.toISOString(),
  };
}

/**
 * Gathers every pending ACH payout not yet in a file for its current attempt into one batch, and
 * hands each to the rail (processing, reference = its trace number). Serialised by a lock, so two
 * admins at once make one batch and one 409; the unique (payout, attempt) index backs that up.
 */
export async function createAchBatch(ctx: AchContext, admin: Actor): Promise<AchBatchDto> {
  assertAppraiser(admin);
  const originator = originatorOf(ctx.config);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await lockAchBatchCreation(tx);
    const payouts = await pendingAchPayouts(tx);
    if (payouts.length === 0) throw conflict(achMessages.nothingPending);

    const dayStart = new Date(`${utcDay(now)}T00:00:00.000Z`);
    const used = new Set(await modifiersUsedBetween(tx, dayStart, new Date(dayStart.getTime() + DAY_MS)));
    const fileIdModifier = [...MODIFIERS].find((m) => !used.has(m));
    if (!fileIdModifier) throw conflict(achMessages.modifiersUsedUp);

    // Each payout is tried alone first, so one that cannot be written (a name with no ASCII
    // letter, an amount over Nacha's field) stays pending for a person instead of blocking the rest.
    const entries: { payout: PayoutRow; entry: NachaCreditEntryInput }[] = [];
    const leftOut: AchBatchDto['leftOut'] = [];
    for (const payout of payouts) {
      const submissionShortId = shortId(payout.submissionId);
      if (payout.complianceHold) {
        leftOut.push({ transactionId: payout.id, submissionShortId, reason: complianceHoldMessage(payout.complianceHold) });
        continue;
      }
      if (awaitsApproval(payout)) {
        leftOut.push({ transactionId: payout.id, submissionShortId, reason: payoutApprovalMessages.awaiting });
        continue;
      }
      const amountCents = payout.amount;
      try {
        const entry = entryOf(ctx, payout, amountCents);
        writeNachaCreditFile({ config: originator, createdAt: now, fileIdModifier, entries: [entry] });
        entries.push({ payout, entry });
      } catch (error) {
        if (!(error instanceof NachaFieldError)) throw error;
        leftOut.push({ transactionId: payout.id, submissionShortId, reason: problemOf(error) });
      }
    }
    if (entries.length === 0) {
      throw conflict(
        `${achMessages.nothingPending} ${leftOut.map((l) => `Submission ${l.submissionShortId}: ${l.reason}`).join(' ')}`,
      );
    }

    const highest = await highestTraceNumber(tx, originator.odfiId);
    // Written only to check every field and total the file; the text is dropped here.
    const file = refusingUnwritable(() =>
      writeNachaCreditFile({
        config: originator,
        createdAt: now,
        fileIdModifier,
        entries: entries.map((e) => e.entry),
        firstTraceSequence: highest ? Number(highest.slice(8)) + 1 : 1,
      }),
    );
    const batchId = crypto.randomUUID();
    const batch = await insertBatch(
      tx,
      {
        id: batchId,
        fileCreatedAt: now,
        fileIdModifier,
        entryCount: file.entryCount,
        totalCents: file.totalCreditCents,
        entryHash: file.entryHash,
        createdBy: admin.id,
        createdAt: now,
      },
      entries.map(({ payout }, i) => ({
        id: crypto.randomUUID(),
        batchId,
        transactionId: payout.id,
        attempt: payout.attempt,
        traceNumber: file.traces[i]!.traceNumber,
        amountCents: file.traces[i]!.amountCents,
      })),
    );
    for (const [i, { payout }] of entries.entries()) {
      await movePayout(tx, payout, {
        transition: 'handToRail',
        at: now,
        rail: 'ach-file',
        reference: file.traces[i]!.traceNumber,
        actorId: admin.id,
      });
    }
    return {
      // Every entry of a new batch waits for the bank.
      ...summaryOf(batch, entries.length),
      entries: entries.map(({ payout }, i) => ({
        transactionId: payout.id,
        submissionShortId: shortId(payout.submissionId),
        amount: centsToDecimalString(file.traces[i]!.amountCents),
        traceNumber: file.traces[i]!.traceNumber,
      })),
      leftOut,
      exampleSettings: ctx.config.ach.example,
    };
  });
}

export async function listAchBatches(ctx: Pick<AchContext, 'db'>, admin: Actor): Promise<AchBatchSummaryDto[]> {
  assertAppraiser(admin);
  const batches = await listBatches(ctx.db, LIST_LIMIT);
  const waiting = await waitingEntryCounts(
    ctx.db,
    batches.map((b) => b.id),
  );
  return batches.map((b) => summaryOf(b, waiting.get(b.id) ?? 0));
}

/**
 * The batch's Nacha file, written again from its rows: the same creation time, modifier and trace
 * numbers. Each payout in it gets an audit entry naming who downloaded it; nothing is logged of
 * the file itself.
 */
export async function achBatchFile(
  ctx: AchContext,
  admin: Actor,
  { batchId }: { batchId: string },
): Promise<{ fileName: string; text: string }> {
  assertAppraiser(admin);
  const originator = originatorOf(ctx.config);
  const batch = await findBatch(ctx.db, batchId);
  if (!batch) throw notFound('That ACH batch');
  const rows = await entriesOfBatch(ctx.db, batch.id);
  const first = rows[0]?.entry.traceNumber ?? '';
  if (!first.startsWith(originator.odfiId)) throw conflict(achMessages.otherBank(first.slice(0, 8)));
  // The stored bank numbers are the payout's latest; an older attempt's are gone.
  const retried = rows.find(({ entry, payout }) => payout.attempt !== entry.attempt);
  if (retried) throw conflict(achMessages.retriedSince(shortId(retried.payout.submissionId)));

  const file = refusingUnwritable(() =>
    writeNachaCreditFile({
      config: originator,
      createdAt: batch.fileCreatedAt,
      fileIdModifier: batch.fileIdModifier,
      entries: rows.map(({ entry, payout }) => entryOf(ctx, payout, entry.amountCents)),
      firstTraceSequence: Number(first.slice(8)),
    }),
  );
  const same =
    file.entryHash === batch.entryHash &&
    file.totalCreditCents === batch.totalCents &&
    file.traces.every((trace, i) => trace.traceNumber === rows[i]!.entry.traceNumber);
  if (!same) throw new Error(`ACH batch ${batch.id} no longer writes the file it was made as.`);

  await writeAuditEntries(
    ctx.db,
    rows.map(({ entry }) => ({
      actorId: admin.id,
      entityType: 'transaction' as const,
      entityId: entry.transactionId,
      action: 'ach_file_downloaded' as const,
      changes: { achBatchId: batch.id, reference: entry.traceNumber },
    })),
  );
  return { fileName: achFileName(batch), text: file.text };
}

/** The bank confirmed the file: each entry still processing is paid (reference: its trace number). */
export async function settleAchBatch(ctx: AchContext, admin: Actor, { batchId }: { batchId: string }): Promise<AchBatchSettled> {
  assertAppraiser(admin);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const batch = await findBatch(tx, batchId);
    if (!batch) throw notFound('That ACH batch');
    const result: AchBatchSettled = { batchId: batch.id, paid: [], unchanged: [] };
    for (const { entry } of await entriesOfBatch(tx, batch.id)) {
      const payout = await lockPayout(tx, entry.transactionId);
      if (payout && payout.attempt === entry.attempt && payout.status === 'processing') {
        await movePayout(tx, payout, { transition: 'confirmPaid', at: now, reference: entry.traceNumber, actorId: admin.id });
        result.paid.push({ transactionId: entry.transactionId, traceNumber: entry.traceNumber });
      } else {
        result.unchanged.push({
          transactionId: entry.transactionId,
          traceNumber: entry.traceNumber,
          status: payout?.attempt === entry.attempt ? payout.status : 'retried',
        });
      }
    }
    return result;
  });
}

/** "Insufficient funds" and R01 -> "insufficient funds (R01)", as the seller's timeline reads it. */
function returnReason(reason: string, code: string): string {
  return `${reason.charAt(0).toLowerCase()}${reason.slice(1)} (${code})`;
}

/**
 * A bank return file: each return is matched by trace number to the entry we sent and its payout
 * marked returned with the R-code, all in one db transaction. A malformed file changes nothing (400
 * with the parser's sentence); unknown trace numbers and returns already applied are listed.
 */
export async function importAchReturns(ctx: AchContext, admin: Actor, { file }: { file: string }): Promise<AchReturnResult> {
  assertAppraiser(admin);
  let parsed;
  try {
    parsed = parseNachaReturnFile(file);
  } catch (error) {
    if (error instanceof NachaReturnFileError) throw badRequest(achMessages.unreadableReturnFile(error.message));
    throw error;
  }
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const traces = [...parsed.returns, ...parsed.changeNotices].map((r) => r.traceNumber);
    const sent = new Map((await entriesByTraceNumbers(tx, traces)).map((row) => [row.entry.traceNumber, row.entry]));
    const result: AchReturnResult = { returned: [], unmatched: [], alreadyApplied: [], changeNotices: [] };
    for (const ret of parsed.returns) {
      const amount = centsToDecimalString(ret.amountCents);
      const entry = sent.get(ret.traceNumber);
      if (!entry) {
        result.unmatched.push({
          traceNumber: ret.traceNumber,
          returnCode: ret.returnCode,
          amount,
          why: achMessages.unknownTrace,
        });
        continue;
      }
      if (entry.amountCents !== ret.amountCents) {
        const why = achMessages.otherAmount(amount, centsToDecimalString(entry.amountCents));
        result.unmatched.push({ traceNumber: ret.traceNumber, returnCode: ret.returnCode, amount, why });
        continue;
      }
      const payout = await lockPayout(tx, entry.transactionId);
      const current = payout && payout.attempt === entry.attempt ? payout.status : 'retried';
      if (!payout || !isPayoutStatus(current) || !canFirePayoutTransition(current, 'markReturned')) {
        result.alreadyApplied.push({
          transactionId: entry.transactionId,
          traceNumber: ret.traceNumber,
          returnCode: ret.returnCode,
          status: current,
        });
        continue;
      }
      const reason = returnReason(ret.reason, ret.returnCode);
      await movePayout(tx, payout, {
        transition: 'markReturned',
        at: now,
        reasonCode: ret.returnCode,
        reason,
        actorId: admin.id,
      });
      result.returned.push({
        transactionId: payout.id,
        submissionShortId: shortId(payout.submissionId),
        traceNumber: ret.traceNumber,
        returnCode: ret.returnCode,
        reason,
        amount,
      });
    }
    for (const notice of parsed.changeNotices) {
      result.changeNotices.push({
        traceNumber: notice.traceNumber,
        changeCode: notice.changeCode,
        transactionId: sent.get(notice.traceNumber)?.transactionId ?? null,
      });
    }
    return result;
  });
}
