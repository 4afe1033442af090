// Demo mode: a fresh embedded install comes alive at once with a client, an appraiser and
// submissions in every status. Never in production (demo-mode.ts decides when).
import { randomBytes } from 'node:crypto';
import { DEFAULT_OFFER_VALID_DAYS } from '@assay/domain';
import { type AuditEntryInput, writeAuditEntries } from '../audit/index.ts';
import type { Db } from '../../db/client.ts';
import { type Auth, saveShippingAddress } from '../users/index.ts';
import { buildSubmission, buildTransaction } from '../../db/factories.ts';
import { postOfferAccepted } from '../ledger/index.ts';
import { encryptField } from '../../lib/crypto.ts';
import { personalDataContext, sealText } from '../../lib/personal-data.ts';
import { idNumberContext, recordKycCheck } from '../compliance/index.ts';
import { recordPriceHistory } from '../pricing/index.ts';
import { recordPastOffer } from '../offers/index.ts';
import { recordSampleInstruments } from '../bench/index.ts';
import { demoOfferLines } from './demo-offers.ts';
import { demoHistory } from './demo-history.ts';
import { demoQuote, type DemoQuoteTerms } from './demo-quotes.ts';
import { demoPriceHistoryRows } from './demo-price-history.ts';
import { demoPastSales, SAMPLE_SELLER } from './demo-past-sales.ts';
import { addDemoPhotos } from './demo-photos.ts';
import { type DemoAccount, demoAccounts, demoStaff } from './demo-accounts.ts';

export { demoAccounts, describeDemoAccounts } from './demo-accounts.ts';
import type { UploadsContext } from '../uploads/index.ts';
import type { AppContext } from '../../context.ts';
import { seedDemoBackOffice } from './demo-back-office.ts';
import {
  countUsers,
  countUsersWithEmails,
  DEMO_SEEDED_KEY,
  insertDemoRows,
  insertUserWithoutSignIn,
  markAdmin,
  markEmailVerified,
  readMeta,
  writeMeta,
} from './demo.repository.ts';

const HOUR = 60 * 60 * 1000;

export function demoSubmissions(clientId: string, adminId: string, now = new Date(), terms: DemoQuoteTerms | null = null) {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const created = [
    buildSubmission({
      userId: clientId,
      category: 'jewelry',
      description: '14k yellow gold rope chain, 22 inches, clasp intact',
      estimatedWeight: 18.4,
      weightUnit: 'grams',
      status: 'new',
      createdAt: ago(2),
    }),
    buildSubmission({
      userId: clientId,
      category: 'scrap',
      description: 'Broken sterling silver flatware, 6 pieces',
      estimatedWeight: 9.5,
      weightUnit: 'oz',
      status: 'new',
      createdAt: ago(43),
    }),
    buildSubmission({
      userId: clientId,
      category: 'gems',
      description: 'Loose round brilliant diamond with GIA report',
      estimatedWeight: 1.02,
      weightUnit: 'carats',
      status: 'appraising',
      createdAt: ago(60),
    }),
    buildSubmission({
      userId: clientId,
      category: 'jewelry',
      description: '18k white gold engagement ring with 0.5 ct center stone',
      estimatedWeight: 4.2,
      weightUnit: 'dwt',
      status: 'offered',
      createdAt: ago(120),
      finalOffer: '612.00',
      actualWeight: 4.1,
    }),
    buildSubmission({
      userId: clientId,
      category: 'scrap',
      description: 'Ten 1 oz American Gold Eagle coins',
      estimatedWeight: 10,
      weightUnit: 'oz',
      status: 'offered',
      createdAt: ago(100),
      finalOffer: '26450.00',
      actualWeight: 10,
    }),
    // Offered nine days ago and never answered: the offer lapsed after its 7 days, so the demo
    // shows what a seller sees then, and what an appraiser's re-issue at today's prices does.
    buildSubmission({
      userId: clientId,
      category: 'jewelry',
      description: '10k gold class ring, 2009, blue stone',
      estimatedWeight: 9.2,
      weightUnit: 'grams',
      status: 'offered',
      createdAt: ago(24 * 10),
      finalOffer: '248.00',
      actualWeight: 9,
    }),
    buildSubmission({
      userId: clientId,
      category: 'scrap',
      description: 'Dental gold and broken 10k earrings',
      estimatedWeight: 7.8,
      weightUnit: 'grams',
      status: 'completed',
      createdAt: ago(24 * 9),
      finalOffer: '236.00',
      actualWeight: 7.6,
    }),
    buildSubmission({
      userId: clientId,
      category: 'jewelry',
      description: 'Vintage platinum brooch with sapphires',
      estimatedWeight: 11,
      weightUnit: 'grams',
      status: 'returned',
      createdAt: ago(24 * 14),
      finalOffer: '310.00',
      actualWeight: 10.8,
    }),
    buildSubmission({
      userId: clientId,
      category: 'jewelry',
      description: 'Sterling silver charm bracelet',
      estimatedWeight: 42,
      weightUnit: 'grams',
      status: 'returning',
      createdAt: ago(24 * 5),
      finalOffer: '18.00',
      actualWeight: 41.5,
    }),
  ];
  // Named materials are quoted from the demo prices of the day they were sent.
  for (const s of created) {
    const quote = demoQuote({ ...s, createdAt: s.createdAt! }, terms);
    if (quote) Object.assign(s, quote);
  }
  // An itemised offer's total is what its lines come to.
  for (const s of created) {
    const itemised = s.offeredAt ? demoOfferLines(s.description, s.offeredAt) : null;
    if (itemised) s.finalOffer = itemised.totalCents;
  }
  const completed = created.filter((s) => s.status === 'completed');
  const payouts = completed.map((s) =>
    buildTransaction({ submission: s, method: 'paypal', paypalEmail: demoAccounts.client.email, createdAt: now }),
  );
  return { submissions: created, transactions: payouts, auditLog: created.flatMap((s) => demoHistory(s, clientId, adminId)) };
}

/** The demo client's shipping address (made up; Illinois has no compliance row of its own). */
const demoClientAddress = {
  name: `${demoAccounts.client.firstName} ${demoAccounts.client.lastName}`,
  line1: '1200 Harbor Street',
  line2: null,
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  phone: '(217) 555-0130',
};

/**
 * The client's identity check, sent a few hours ago and waiting for an appraiser, so the ID queue
 * has an item and the $26,450 offer (requiresKyc, above $10,000) shows why a payout waits. The ID
 * number and date of birth are made up but stored the way the real flow stores them: encrypted, the
 * ID's last 4 in clear. No
 * photo: the seed has no storage to put one in.
 */
export function demoIdentityCheck(clientId: string, encryptionKey: string, now = new Date()) {
  const id = crypto.randomUUID();
  const idNumber = 'D100-4482-7731';
  const createdAt = new Date(now.getTime() - 3 * HOUR);
  const record = {
    id,
    userId: clientId,
    status: 'pending',
    fullName: `${demoAccounts.client.firstName} ${demoAccounts.client.lastName}`,
    encryptedDateOfBirth: sealText(encryptionKey, '1984-06-12', personalDataContext.dateOfBirth(id)),
    idType: 'drivers_license',
    idIssuer: 'NY',
    idNumberLast4: idNumber.slice(-4),
    encryptedIdNumber: encryptField(encryptionKey, idNumber, idNumberContext(id)),
    idImageKey: null,
    createdAt,
  };
  const audit: AuditEntryInput = {
    actorId: clientId,
    entityType: 'kyc',
    entityId: id,
    action: 'kyc_submitted',
    toStatus: 'pending',
    createdAt,
  };
  return { record, audit };
}

/**
 * Seeds once, on an installation that has no users yet; a restart finds the marker and skips.
 * `encryptionKey` encrypts the demo ID number as the kyc module would; without it (tests) a
 * throwaway key is used, so that made-up number simply cannot be read back. With
 * `simulatedPrices` (the demo runs on the simulated feed) the past day of simulated prices is
 * written too, so the charts and the 24-hour change show at once.
 */
/** Whether the sample accounts, whose passwords are published, have accounts in this database. */
export async function demoAccountsExist(db: Db): Promise<boolean> {
  const emails = Object.values(demoAccounts).map((account) => account.email);
  return (await countUsersWithEmails(db, emails)) > 0;
}

/** Signs a demo account up as a person would (its password hashed by better-auth); its id. */
async function signUpDemoAccount(auth: Auth, key: DemoAccount): Promise<string> {
  const a = demoAccounts[key];
  const result = await auth.api.signUpEmail({
    body: {
      email: a.email,
      password: a.password,
      name: `${a.firstName} ${a.lastName}`,
      firstName: a.firstName,
      lastName: a.lastName,
    },
  });
  return result.user.id;
}

/**
 * A demo seeded before the second approver existed gets one, so its large offer can be paid too.
 * Only where the demo admin is there: demo accounts an operator removed are not brought back.
 */
async function addDemoApproverIfMissing(db: Db, auth: Auth): Promise<void> {
  const { admin, approver } = demoAccounts;
  if ((await countUsersWithEmails(db, [approver.email])) > 0 || (await countUsersWithEmails(db, [admin.email])) === 0) return;
  const id = await signUpDemoAccount(auth, 'approver');
  await db.transaction(async (tx) => {
    await markEmailVerified(tx, id);
    await markAdmin(tx, id);
  });
}

/** The bench's register in the demo: three instruments in use, and a tester past its calibration (refused). */
function demoInstruments(now: Date) {
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return [
    { name: 'Niton XL2', kind: 'xrf' as const, serial: 'XL2-88121', lastCalibratedOn: day(-40), nextCalibrationDue: day(140) },
    {
      name: 'Ohaus Pioneer PX224',
      kind: 'scale' as const,
      serial: 'B845112',
      lastCalibratedOn: day(-10),
      nextCalibrationDue: day(355),
    },
    {
      name: 'Acid kit, shelf 2',
      kind: 'acid' as const,
      serial: 'KIT-7',
      lastCalibratedOn: day(-60),
      nextCalibrationDue: day(120),
    },
    {
      name: 'GemOro AuRACLE',
      kind: 'electronic-tester' as const,
      serial: 'AGT-3',
      lastCalibratedOn: day(-400),
      nextCalibrationDue: day(-20),
    },
  ];
}

export async function seedDemoIfFresh(
  db: Db,
  auth: Auth,
  options: {
    encryptionKey?: string;
    simulatedPrices?: boolean;
    photos?: UploadsContext;
    terms?: DemoQuoteTerms;
    /** The app's context: with it, the back office's history is taken through the appraiser's commands. */
    backOffice?: AppContext;
  } = {},
): Promise<boolean> {
  if (await readMeta(db, DEMO_SEEDED_KEY)) {
    await addDemoApproverIfMissing(db, auth);
    return false;
  }
  if ((await countUsers(db)) > 0) return false;
  const accounts = {} as Record<DemoAccount, string>;
  for (const key of Object.keys(demoAccounts) as DemoAccount[]) accounts[key] = await signUpDemoAccount(auth, key);
  const rows = demoSubmissions(accounts.client, accounts.admin, new Date(), options.terms ?? null);
  const encryptionKey = options.encryptionKey ?? randomBytes(32).toString('hex');
  const instruments = await db.transaction(async (tx) => {
    for (const id of Object.values(accounts)) await markEmailVerified(tx, id);
    for (const key of demoStaff) await markAdmin(tx, accounts[key]);
    const identity = demoIdentityCheck(accounts.client, encryptionKey);
    // The client's address, as one who has shipped parcels has: a purchase needing no ID records it
    // on its police report line (issue 28 item 6), so the demo's offers can be accepted. Illinois
    // has no rule of its own, as the client without an address was treated.
    await saveShippingAddress(tx, encryptionKey, accounts.client, demoClientAddress);
    await insertDemoRows(tx, rows);
    // Each accepted offer on the ledger, as accepting it would have posted, so the demo reconciles.
    for (const payout of rows.transactions) {
      await postOfferAccepted(tx, { id: payout.id!, grossAmount: payout.grossAmount, feeAmount: payout.feeAmount });
    }
    // Each offer as a first version, as the appraisal flow would have written it.
    for (const s of rows.submissions) {
      if (!s.finalOffer || !s.offeredAt) continue;
      const itemised = demoOfferLines(s.description, s.offeredAt);
      await recordPastOffer(tx, {
        submissionId: s.id!,
        createdBy: accounts.admin,
        totalCents: s.finalOffer,
        lines: itemised?.lines ?? [
          {
            description: s.description,
            weight: s.actualWeight ?? s.estimatedWeight,
            weightUnit: s.weightUnit,
            amount: s.finalOffer,
          },
        ],
        createdAt: s.offeredAt,
        validDays: DEFAULT_OFFER_VALID_DAYS,
        outcome: s.status === 'completed' ? 'accepted' : s.status === 'offered' ? 'open' : 'declined',
      });
    }
    // Other sellers' past parcels, declined and returned: the track record's sample figures.
    const sampleSeller = await insertUserWithoutSignIn(tx, SAMPLE_SELLER);
    const pastSales = demoPastSales(sampleSeller, new Date(), options.terms?.guarantee ?? null);
    await insertDemoRows(tx, { submissions: pastSales, transactions: [] });
    for (const s of pastSales) {
      await recordPastOffer(tx, {
        submissionId: s.id!,
        createdBy: accounts.admin,
        totalCents: s.finalOffer,
        lines: [{ description: s.description, weight: s.estimatedWeight, weightUnit: s.weightUnit, amount: s.finalOffer }],
        createdAt: s.offeredAt!,
        validDays: DEFAULT_OFFER_VALID_DAYS,
        outcome: 'declined',
      });
    }
    await writeAuditEntries(tx, [...rows.auditLog, identity.audit]);
    await recordKycCheck(tx, identity.record);
    if (options.simulatedPrices) await recordPriceHistory(tx, demoPriceHistoryRows(new Date()));
    const instrumentIds = await recordSampleInstruments(tx, accounts.admin, demoInstruments(new Date()), new Date());
    await writeMeta(tx, DEMO_SEEDED_KEY, new Date().toISOString());
    return { xrf: instrumentIds.get('XL2-88121')!, acid: instrumentIds.get('KIT-7')! };
  });
  if (options.backOffice) {
    const { admin } = demoAccounts;
    const appraiser = {
      id: accounts.admin,
      email: admin.email,
      firstName: admin.firstName,
      lastName: admin.lastName,
      isAdmin: true,
      isPremium: false,
      twoFactorEnabled: false,
      secondFactorAt: null,
    };
    await seedDemoBackOffice(options.backOffice, appraiser, instruments, encryptionKey, new Date());
  }
  if (options.photos) {
    const { client } = demoAccounts;
    const owner = {
      id: accounts.client,
      email: client.email,
      firstName: client.firstName,
      lastName: client.lastName,
      isAdmin: false,
      isPremium: false,
      twoFactorEnabled: false,
      secondFactorAt: null,
    };
    await addDemoPhotos(
      options.photos,
      owner,
      rows.submissions.map((s) => ({ id: s.id!, description: s.description })),
    );
  }
  return true;
}
