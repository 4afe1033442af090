// DECISIONS "Compliance", the gate: the rule a parcel is received under (stored on the submission
// with its hold), what still blocks paying the seller (ID, the signed statement of ownership, and
// the sanctions screening the lead plugs in), the seller's signature, and the appraiser's
// disposition of a bought item, refused before its hold ends.
import {
  type DispositionBody,
  dispositionMessages,
  holdRefusalMessage,
  isHoldOver,
  holdUntil as holdUntilOf,
  defaultJurisdictionRule,
  paymentRequirementsOf,
  policeReportLineSellerMessage,
  requiresKyc,
  ruleFor,
  strictestRule,
  SELLER_STATEMENT_VERSION,
  type SellerStatementResponse,
  type SignSellerStatementInput,
  type StoredComplianceRule,
  shortId,
  sellerStatementText,
  signSellerStatementSchemaFor,
  type SubmissionCompliance,
  KYC_REQUIRED_MESSAGE,
  RULE_ID_REQUIRED_MESSAGE,
  STATEMENT_REQUIRED_MESSAGE,
} from '@assay/domain';
import { type Actor, assertAppraiser, ownedBy } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { holdRefusalOf } from '../../db/hold-guard.ts';
import { personalDataContext, sealOptionalText } from '../../lib/personal-data.ts';
import { conflict, InvalidInputError, notFound } from '../../lib/app-error.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { isIdentityVerified } from './kyc/kyc.service.ts';
import { findSubmissionRow, lockSubmissionRow, type SubmissionRow, updateSubmissionIf } from '../submissions/index.ts';
import { addressStateOf, payeeNameOf } from '../users/index.ts';
import { type ReportLineGap, reportLineGaps } from './reports/report-lines.ts';
import { findSellerStatement, insertSellerStatement } from './seller-statements.repository.ts';

type ComplianceConfig = Pick<AppContext['config'], 'compliance'>;

// ---------------------------------------------------------------------------------------------
// At receipt.

/**
 * The rule a parcel received now is kept under, and the end of its hold. A seller without a stored
 * address gets DEFAULT. A stored state the table cannot read (an address saved
 * before states were checked) is refused with the lookup's sentence, so the appraiser has the
 * address corrected rather than the parcel received under a rule nobody chose.
 */
export async function complianceAtReceipt(
  tx: DbOrTx,
  config: ComplianceConfig,
  userId: string,
  receivedAt: Date,
): Promise<{ complianceRule: StoredComplianceRule; holdUntil: Date }> {
  // The state is kept in clear beside the sealed street (lib/personal-data.ts): no key is needed here.
  const state = await addressStateOf(tx, userId);
  const { vaultState, timeZone } = config.compliance;
  const seller = state !== null ? ruleFor(state) : { ok: true as const, rule: defaultJurisdictionRule() };
  if (!seller.ok) throw conflict(`The seller's address cannot be matched to a compliance rule: ${seller.message}`);
  const vault = ruleFor(vaultState);
  if (!vault.ok) throw conflict(`The vault's state cannot be matched to a compliance rule: ${vault.message}`);
  const rule = strictestRule(seller.rule, vault.rule);
  return { complianceRule: { ...rule, timeZone }, holdUntil: holdUntilOf(receivedAt, rule, timeZone) };
}

// ---------------------------------------------------------------------------------------------
// Before payment.

export type PaymentBlockerKind = 'id' | 'statement' | 'report' | 'sanctions' | 'hold';
export interface PaymentBlocker {
  kind: PaymentBlockerKind;
  /** The seller's sentence. */
  message: string;
  /** For 'report': each bought item whose police report line would miss something, and what. */
  reportLines?: ReportLineGap[];
}

async function hasSignedStatement(db: DbOrTx, submissionId: string) {
  return (await findSellerStatement(db, submissionId, SELLER_STATEMENT_VERSION)) !== null;
}

/**
 * What stops paying this seller for this submission now, inside the caller's transaction. ID: the
 * stored rule's (identityRequired) or, as before the rules, the $10,000 KYC threshold; the statement
 * where the stored rule asks for one; the police report line of each item bought (its photo, its
 * article code, and the seller's ID details or address). A submission not yet received has no stored rule and keeps the
 * KYC threshold only. The hold never blocks a payment: it stops melting, not paying.
 */
export async function paymentBlockers(
  tx: DbOrTx,
  {
    submissionId,
    userId,
    amountCents,
    buysItems,
  }: {
    submissionId: string;
    userId: string;
    amountCents: number;
    /** False for a payout that buys nothing (the goodwill claimed after a decline): no report line. */
    buysItems: boolean;
  },
): Promise<PaymentBlocker[]> {
  const submission = await findSubmissionRow(tx, submissionId);
  if (!submission) throw notFound('Submission');
  const blockers: PaymentBlocker[] = [];
  const rule = submission.complianceRule;
  const needs = rule ? paymentRequirementsOf(rule, amountCents) : null;
  const kycThreshold = requiresKyc(amountCents, submission.requiresKyc);
  if ((kycThreshold || needs?.identityRequired) && !(await isIdentityVerified(tx, userId))) {
    blockers.push({ kind: 'id', message: kycThreshold ? KYC_REQUIRED_MESSAGE : RULE_ID_REQUIRED_MESSAGE });
  }
  if (needs?.statementRequired && !(await hasSignedStatement(tx, submissionId))) {
    blockers.push({ kind: 'statement', message: STATEMENT_REQUIRED_MESSAGE });
  }
  // Issue 28 item 6: no purchase whose police report line would be missing (report-lines.ts).
  const reportLines = buysItems ? await reportLineGaps(tx, submission, kycThreshold || (needs?.identityRequired ?? false)) : [];
  if (reportLines.length > 0) {
    blockers.push({
      kind: 'report',
      message: policeReportLineSellerMessage(reportLines.flatMap((gap) => gap.problems)),
      reportLines,
    });
  }
  // A possible sanctions match does not refuse the sale: it holds the payout it makes
  // (sanctions/screening.service.ts holdPayoutOnSanctionsMatch), so the seller is not told why.
  return blockers;
}

/** The seller's view of the same rule, before accepting: what is asked, why, and what is done. */
export async function submissionComplianceOf(db: DbOrTx, row: SubmissionRow): Promise<SubmissionCompliance | null> {
  if (!row.complianceRule) return null;
  const amountCents = row.finalOffer ?? 0;
  const needs = paymentRequirementsOf(row.complianceRule, amountCents);
  const [identityVerified, statementSigned] = await Promise.all([
    isIdentityVerified(db, row.userId),
    hasSignedStatement(db, row.id),
  ]);
  return {
    identityRequired: needs.identityRequired,
    identityVerified,
    statementRequired: needs.statementRequired,
    statementSigned,
    reason: needs.reason,
  };
}

// ---------------------------------------------------------------------------------------------
// The statement of ownership.

async function statementFor(db: DbOrTx, actor: Actor, submissionId: string) {
  const row = ownedBy(actor, await findSubmissionRow(db, submissionId), 'That submission');
  const accountName = (await payeeNameOf(db, actor.id)) ?? '';
  return {
    row,
    accountName,
    text: sellerStatementText({ sellerName: accountName || actor.email, submission: `#${shortId(row.id)}` }),
  };
}

/** GET /api/submissions/{id}/statement: the words to sign, whether the rule asks and whether signed. */
export async function getSellerStatement(
  ctx: AppContext,
  actor: Actor,
  { id }: { id: string },
): Promise<SellerStatementResponse> {
  const { row, accountName, text } = await statementFor(ctx.db, actor, id);
  const signed = await findSellerStatement(ctx.db, row.id, SELLER_STATEMENT_VERSION);
  return {
    // Before receipt there is no stored rule yet; every row of today's table asks for it, so say so.
    required: row.complianceRule ? row.complianceRule.signedStatement : true,
    signed: signed !== null,
    signedAt: signed?.signedAt.toISOString() ?? null,
    statementVersion: SELLER_STATEMENT_VERSION,
    signAs: accountName,
    text: signed?.statementText ?? text,
  };
}

export const statementMessages409 = {
  alreadySigned: 'You have already signed this statement for this submission.',
} as const;

/** POST /api/submissions/{id}/statement: the owner signs the current version, once. */
export async function signSellerStatement(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; body: SignSellerStatementInput; ip: string | null; userAgent: string | null },
) {
  return ctx.db.transaction(async (tx) => {
    const row = ownedBy(actor, await lockSubmissionRow(tx, input.id), 'That submission');
    const { accountName, text } = await statementFor(tx, actor, row.id);
    const parsed = signSellerStatementSchemaFor(accountName).safeParse(input.body);
    if (!parsed.success) {
      throw new InvalidInputError(
        'body',
        parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      );
    }
    const signedAt = ctx.clock.now();
    const id = crypto.randomUUID();
    const inserted = await insertSellerStatement(tx, {
      id,
      userId: actor.id,
      submissionId: row.id,
      typedName: parsed.data.typedName,
      statementVersion: parsed.data.statementVersion,
      statementText: text,
      signedAt,
      encryptedIp: sealOptionalText(ctx.keys.encryptionKey, input.ip, personalDataContext.statementIp(id)),
      userAgent: input.userAgent?.slice(0, 500) ?? null,
    });
    if (!inserted) throw conflict(statementMessages409.alreadySigned);
    await writeAuditEntry(tx, {
      actorId: actor.id,
      entityType: 'submission',
      entityId: row.id,
      action: 'statement_signed',
      changes: { statementVersion: inserted.statementVersion, statementId: inserted.id },
    });
    return { signed: true as const, signedAt: signedAt.toISOString(), statementVersion: inserted.statementVersion };
  });
}

// ---------------------------------------------------------------------------------------------
// After the hold.

/**
 * POST /api/admin/submissions/{id}/disposition: melt, resell or consign a bought item, never before
 * its hold ends. Recorded on the submission and in its history.
 */
export async function disposeItem(ctx: AppContext, actor: Actor, { id, body }: { id: string; body: DispositionBody }) {
  assertAppraiser(actor);
  const seen: { held?: { holdUntil: Date; rule: StoredComplianceRule } } = {};
  try {
    return await disposeIn(ctx, actor, id, body, (found) => (seen.held = found));
  } catch (error) {
    // The database's own guard (migration 0036_custody) compares with its clock, which has the last
    // word when it and the app's disagree.
    if (seen.held && holdRefusalOf(error)) {
      const { holdUntil, rule } = seen.held;
      throw conflict(holdRefusalMessage(holdUntil, rule, body.action, rule.timeZone));
    }
    throw error;
  }
}

function disposeIn(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: DispositionBody,
  seen: (held: { holdUntil: Date; rule: StoredComplianceRule }) => void,
) {
  return ctx.db.transaction(async (tx) => {
    const row = await lockSubmissionRow(tx, id);
    if (!row) throw notFound('Submission');
    if (row.status !== 'completed') throw conflict(dispositionMessages.notBought);
    if (row.disposition !== null) throw conflict(dispositionMessages.alreadyDisposed);
    if (!row.complianceRule || !row.holdUntil) throw conflict(dispositionMessages.noRule);
    seen({ holdUntil: row.holdUntil, rule: row.complianceRule });
    const now = ctx.clock.now();
    if (!isHoldOver(row.holdUntil, now)) {
      throw conflict(holdRefusalMessage(row.holdUntil, row.complianceRule, body.action, row.complianceRule.timeZone));
    }
    const updated = await updateSubmissionIf(
      tx,
      row.id,
      { status: row.status, version: row.version },
      { disposition: body.action, disposedAt: now },
    );
    if (!updated) throw conflict(dispositionMessages.alreadyDisposed);
    await writeAuditEntry(tx, {
      actorId: actor.id,
      entityType: 'submission',
      entityId: row.id,
      action: 'item_disposed',
      changes: { disposition: body.action, ...(body.note ? { note: body.note } : {}) },
    });
    return updated;
  });
}
