// The year-end list of sellers for information returns (issue 28 item 7; the rule and why it is a
// list for the accountant rather than a filing: packages/domain tax-year-report.ts).
import {
  isBullionFineness,
  type ItemType,
  sellersAboveThreshold,
  type TaxYearReport,
  taxYearProblem,
  zonedMidnight,
} from '@assay/domain';
import { type Actor, assertAppraiser } from '../../access/actor.ts';
import type { AppContext } from '../../context.ts';
import { toCsv } from '../../lib/csv.ts';
import { badRequest } from '../../lib/app-error.ts';
import { personalDataContext, readAddressForReport } from '../../lib/personal-data.ts';
import { writeAuditEntry } from '../audit/index.ts';
import { acceptedLinesOf, approvedLegalNames, paidPayoutsBetween, sellersByIds } from './tax-reporting.repository.ts';

type Ctx = Pick<AppContext, 'db' | 'config' | 'keys' | 'clock'>;

async function yearTotals(ctx: Ctx, year: number) {
  const { timeZone } = ctx.config.compliance;
  const problem = taxYearProblem(year, ctx.clock.now(), timeZone);
  if (problem) throw badRequest(problem);
  const thresholdCents = ctx.config.compliance.taxReportingThresholdCents;
  const payouts = await paidPayoutsBetween(ctx.db, zonedMidnight(year, 1, 1, timeZone), zonedMidnight(year + 1, 1, 1, timeZone));
  const bullion = new Set(
    (await acceptedLinesOf(ctx.db, [...new Set(payouts.map((p) => p.submissionId))]))
      .filter((line) =>
        isBullionFineness(line.material as ItemType | null, line.purityPercent === null ? null : Number(line.purityPercent)),
      )
      .map((line) => line.submissionId),
  );
  const totals = sellersAboveThreshold(
    payouts.map((p) => ({
      userId: p.userId,
      submissionId: p.submissionId,
      grossCents: p.grossAmount,
      paidCents: p.amount,
      paidAt: p.paidAt,
      bullion: bullion.has(p.submissionId),
    })),
    { year, timeZone, thresholdCents },
  );
  const userIds = totals.map((t) => t.userId);
  const sellers = new Map((await sellersByIds(ctx.db, userIds)).map((u) => [u.id, u]));
  const legalNames = await approvedLegalNames(ctx.db, userIds);
  return { timeZone, thresholdCents, totals, sellers, legalNames };
}

const placeOf = (address: { city: string; state: string; postalCode: string } | null) =>
  address ? `${address.city}, ${address.state} ${address.postalCode}` : null;

export async function taxYearReport(ctx: Ctx, admin: Actor, year: number): Promise<TaxYearReport> {
  assertAppraiser(admin);
  const { timeZone, thresholdCents, totals, sellers, legalNames } = await yearTotals(ctx, year);
  return {
    year,
    timeZone,
    thresholdCents,
    sellers: totals.map((total) => {
      const seller = sellers.get(total.userId);
      return {
        ...total,
        name: seller?.name ?? '',
        legalName: legalNames.get(total.userId) ?? null,
        email: seller?.email ?? '',
        place: placeOf(seller?.shippingAddress ?? null),
      };
    }),
  };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The same list with each seller's full address, for the accountant's filing; its download is audited. */
export async function taxYearCsv(ctx: Ctx, admin: Actor, year: number): Promise<{ fileName: string; text: string }> {
  assertAppraiser(admin);
  const { totals, sellers, legalNames } = await yearTotals(ctx, year);
  const rows = totals.map((total) => {
    const seller = sellers.get(total.userId);
    const address = seller
      ? readAddressForReport(
          ctx.keys.decryptionKeys,
          seller.shippingAddress,
          seller.encryptedStreet,
          personalDataContext.profileStreet(seller.id),
        )
      : null;
    return { total, seller, address, legalName: legalNames.get(total.userId) ?? null };
  });
  type Row = (typeof rows)[number];
  const text = toCsv<Row>(
    [
      { header: 'Seller ID', value: (r) => r.total.userId },
      { header: 'Account name', value: (r) => r.seller?.name ?? null },
      { header: 'Legal name (ID check)', value: (r) => r.legalName },
      { header: 'E-mail', value: (r) => r.seller?.email ?? null },
      { header: 'Street', value: (r) => [r.address?.line1, r.address?.line2].filter(Boolean).join(', ') || null },
      { header: 'City', value: (r) => r.address?.city ?? null },
      { header: 'State', value: (r) => r.address?.state ?? null },
      { header: 'ZIP', value: (r) => r.address?.postalCode ?? null },
      { header: 'Purchases', value: (r) => r.total.purchases },
      { header: 'Gross proceeds (USD)', value: (r) => dollars(r.total.grossCents) },
      { header: 'Paid to seller (USD)', value: (r) => dollars(r.total.paidCents) },
      { header: 'Purchases of bullion fineness', value: (r) => r.total.bullionPurchases },
      { header: 'First paid', value: (r) => r.total.firstPaidOn },
      { header: 'Last paid', value: (r) => r.total.lastPaidOn },
    ],
    rows,
  );
  await writeAuditEntry(ctx.db, {
    actorId: admin.id,
    entityType: 'compliance',
    entityId: `tax-year:${year}`,
    action: 'tax_year_report_exported',
    changes: { reportYear: year, recordCount: rows.length },
  });
  return { fileName: `assay-sellers-${year}.csv`, text };
}
