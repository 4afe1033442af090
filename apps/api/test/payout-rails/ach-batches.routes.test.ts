// ACH payouts by Nacha file (issue 12 item 2): a batch of the pending ACH payouts, its file read
// back by the independent parser (test/support/nacha-parser.ts) with its sums checked, the audited
// download, settling, and a bank return file matched by trace number.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shortId } from '@assay/domain';
import { loadConfig } from '../../src/config/index.ts';
import { achBatchEntries, achBatches, auditLog, payoutEvents, transactions } from '../../src/db/schema/index.ts';
import { createAchBatch } from '../../src/modules/payout-rails/ach/ach-batches.service.ts';
import { currentUser, offeredSubmission, postJson, tableText } from '../support/payouts.fixtures.ts';
import { parseNachaFile, recount } from '../support/nacha-parser.ts';
import { bankReturnFile } from '../support/nacha-return-file.ts';
import { PRODUCTION_ENV } from '../support/production-env.ts';
import { deleteAllPayouts } from '../support/ledger.ts';
import { expectAdminsOnly } from '../support/admins-only.ts';
import { signUp } from '../support/sessions.ts';
import { ADMIN_EMAIL, createTestApp, engines, type TestApp } from '../support/test-app.ts';

const ACH_ENV = {
  ACH_COMPANY_NAME: 'ASSAY BUYERS',
  ACH_COMPANY_ID: '1234567890',
  ACH_ODFI_ROUTING: '091000019',
  ACH_ORIGIN_NAME: 'ASSAY BUYERS LLC',
  ACH_DESTINATION_NAME: 'WELLS FARGO BANK',
};
const ODFI = ACH_ENV.ACH_ODFI_ROUTING.slice(0, 8);

/** Three sellers' bank details: a second routing number and a name that needs transliterating. */
const SELLERS = [
  { accountName: 'Ada Lovelace', routingNumber: '011000015', accountNumber: '000123456789', offer: '2500.00' },
  { accountName: 'José Müller-Øberg', routingNumber: '021000021', accountNumber: '98765432101', offer: '1200.50' },
  { accountName: 'Grace Hopper', routingNumber: '011000015', accountNumber: '55500012345', offer: '640.00' },
] as const;
type Seller = { accountName: string; routingNumber: string; accountNumber: string; offer: string };

interface BatchAnswer {
  id: string;
  fileName: string;
  entryCount: number;
  waitingCount: number;
  total: string;
  exampleSettings: boolean;
  entries: { transactionId: string; submissionShortId: string; amount: string; traceNumber: string }[];
  leftOut: unknown[];
}

const cents = (dollars: string) => Math.round(Number(dollars) * 100);

describe.each(engines)('ACH batches and bank returns on %s', (engine) => {
  let t: TestApp;
  let admin: { id: string; cookie: string };
  let client: { id: string; email: string; cookie: string };

  const get = (url: string, cookie: string | null = admin.cookie) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, body: unknown = {}, cookie: string = admin.cookie) => postJson(t.app, url, body, cookie);

  /** A payout the client asks for through the real route, so its bank numbers are stored encrypted. */
  async function clientAsksFor(method: 'ach' | 'paypal', seller: Seller = SELLERS[0]) {
    const sub = await offeredSubmission(t.db, client.id, seller.offer);
    const { offer: _offer, ...details } = seller;
    const res = await post(
      '/api/transactions',
      {
        submissionId: sub.id,
        amount: seller.offer,
        payoutMethod: method,
        payoutDetails: method === 'ach' ? details : { email: 'seller@example.com' },
      },
      client.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    return { submissionId: sub.id, transactionId: res.json().id as string, amount: res.json().amount as string };
  }

  async function threeAchAndOnePaypal() {
    const ach = [];
    for (const seller of SELLERS) ach.push(await clientAsksFor('ach', seller));
    const paypal = await clientAsksFor('paypal');
    return { ach, paypal };
  }

  async function makeBatch(): Promise<BatchAnswer> {
    const res = await post('/api/admin/payouts/ach-batches');
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const payoutRow = async (id: string) => (await t.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;

  async function timelineDetail(submissionId: string, action: string) {
    const res = await get(`/api/submissions/${submissionId}`, client.cookie);
    return (res.json() as { timeline: { action: string; detail?: string }[] }).timeline.find((e) => e.action === action)?.detail;
  }

  beforeAll(async () => {
    t = await createTestApp(engine, ACH_ENV);
    admin = await signUp(t.app, { email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Appraiser' });
    client = await signUp(t.app, { firstName: 'Casey' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await deleteAllPayouts(t.db);
  });

  it('lets only admins in: 401 for visitors, 403 for clients', async () => {
    const id = crypto.randomUUID();
    const routes = [
      ['POST', '/api/admin/payouts/ach-batches'],
      ['GET', '/api/admin/payouts/ach-batches'],
      ['GET', `/api/admin/payouts/ach-batches/${id}/file`],
      ['POST', `/api/admin/payouts/ach-batches/${id}/settled`],
      ['POST', '/api/admin/payouts/ach-returns'],
    ] as const;
    await expectAdminsOnly(t.app, routes, client.cookie, '{"file":"x"}');
  });

  it('batches the 3 pending ACH payouts (not the PayPal one) and writes a file whose sums, hash and names read back', async () => {
    const { ach, paypal } = await threeAchAndOnePaypal();
    const batch = await makeBatch();

    expect(batch).toMatchObject({ entryCount: 3, exampleSettings: false, leftOut: [] });
    expect(batch.fileName).toMatch(/^assay-ach-\d{4}-\d{2}-\d{2}-A\.txt$/);
    expect(batch.entries.map((e) => e.transactionId)).toEqual(ach.map((a) => a.transactionId));
    expect(batch.entries.map((e) => e.traceNumber)).toEqual([`${ODFI}0000001`, `${ODFI}0000002`, `${ODFI}0000003`]);
    expect(batch.entries.map((e) => e.submissionShortId)).toEqual(ach.map((a) => shortId(a.submissionId)));
    expect(batch.entries.map((e) => e.amount)).toEqual(ach.map((a) => a.amount));
    const totalCents = ach.reduce((sum, a) => sum + cents(a.amount), 0);
    expect(cents(batch.total)).toBe(totalCents);

    // Handed to the rail, each under its trace number; the PayPal payout waits for its own rail.
    for (const [i, a] of ach.entries()) {
      expect(await payoutRow(a.transactionId)).toMatchObject({
        status: 'processing',
        rail: 'ach-file',
        reference: batch.entries[i]!.traceNumber,
      });
      expect(await timelineDetail(a.submissionId, 'payout_processing')).toMatch(
        new RegExp(`^Sent [A-Z][a-z]{2} \\d{1,2} by ACH, trace number ${batch.entries[i]!.traceNumber}\\.$`),
      );
    }
    expect((await payoutRow(paypal.transactionId)).status).toBe('pending');

    const download = await get(`/api/admin/payouts/ach-batches/${batch.id}/file`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toMatch(/^text\/plain/);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${batch.fileName}"`);
    expect(download.headers['cache-control']).toBe('no-store');

    const file = parseNachaFile(download.body);
    expect(file.lines.length % 10).toBe(0);
    for (const pad of file.padding) expect(pad).toBe('9'.repeat(94));
    expect(file.fileHeader).toMatchObject({
      immediateDestination: ' 091000019',
      immediateOrigin: '1234567890',
      fileIdModifier: 'A',
      recordSize: '094',
      blockingFactor: '10',
      immediateDestinationName: 'WELLS FARGO BANK'.padEnd(23),
      immediateOriginName: 'ASSAY BUYERS LLC'.padEnd(23),
    });
    expect(file.batches).toHaveLength(1);
    const [only] = file.batches;
    expect(only!.header).toMatchObject({
      serviceClassCode: '220',
      companyName: 'ASSAY BUYERS'.padEnd(16),
      companyIdentification: '1234567890',
      standardEntryClassCode: 'PPD',
      companyEntryDescription: 'PAYOUT'.padEnd(10),
      originatingDfiId: ODFI,
    });
    expect(
      only!.entries.map(({ record }) => [
        record.transactionCode,
        `${record.rdfiId}${record.checkDigit}`,
        record.accountNumber!.trim(),
        Number(record.amount),
        record.individualId!.trim(),
        record.individualName!.trim(),
        record.traceNumber,
      ]),
    ).toEqual(
      SELLERS.map((s, i) => [
        '22',
        s.routingNumber,
        s.accountNumber,
        cents(ach[i]!.amount),
        `${shortId(ach[i]!.submissionId)}-1`,
        ['ADA LOVELACE', 'JOSE MULLER-OBERG', 'GRACE HOPPER'][i],
        batch.entries[i]!.traceNumber,
      ]),
    );
    const counted = recount(file);
    for (const control of [only!.control, file.fileControl]) {
      expect(Number(control.entryAddendaCount)).toBe(3);
      expect(control.entryHash).toBe(counted.entryHash);
      // 01100001 + 02100002 + 01100001.
      expect(control.entryHash).toBe('0004300004');
      expect(BigInt(control.totalCredit!)).toBe(BigInt(totalCents));
      expect(BigInt(control.totalDebit!)).toBe(0n);
    }
    expect(Number(file.fileControl.batchCount)).toBe(1);
    expect(Number(file.fileControl.blockCount)).toBe(counted.blockCount);

    // Downloading again writes the very same file, and each download is audited on each payout.
    expect((await get(`/api/admin/payouts/ach-batches/${batch.id}/file`)).body).toBe(download.body);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ach_file_downloaded'), eq(auditLog.entityType, 'transaction')));
    expect(audits).toHaveLength(6);
    for (const audit of audits) {
      expect(audit.actorId).toBe(admin.id);
      expect(ach.map((a) => a.transactionId)).toContain(audit.entityId);
      expect(audit.changes).toMatchObject({ achBatchId: batch.id, reference: expect.stringMatching(/^\d{15}$/) });
    }

    // The account numbers are in the file only: not in any answer, row or audit entry.
    const list = await get('/api/admin/payouts/ach-batches');
    const answers = [JSON.stringify(batch), list.body, (await get('/api/admin/payouts?status=processing')).body];
    const rows = await Promise.all(
      ['transactions', 'ach_batches', 'ach_batch_entries', 'audit_log', 'payout_events'].map((table) =>
        tableText(t.db, table, table === 'transactions' ? ['encrypted_bank_details'] : []),
      ),
    );
    for (const seller of SELLERS) {
      for (const text of [...answers, ...rows]) expect(text).not.toContain(seller.accountNumber);
    }
  });

  it('refuses a second batch while nothing is pending, and continues the trace numbers in the next one', async () => {
    const none = await post('/api/admin/payouts/ach-batches');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('There are no pending ACH payouts to put in a file.');

    await clientAsksFor('ach');
    const first = await makeBatch();
    const again = await post('/api/admin/payouts/ach-batches');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('There are no pending ACH payouts to put in a file.');

    await clientAsksFor('ach', SELLERS[1]);
    const second = await makeBatch();
    expect(second.fileName).toMatch(/-B\.txt$/);
    expect(second.entries.map((e) => e.traceNumber)).toEqual([`${ODFI}0000002`]);
    const list = await get('/api/admin/payouts/ach-batches');
    expect((list.json() as { id: string }[]).map((b) => b.id)).toEqual([second.id, first.id]);
  });

  it('leaves out a payout whose name cannot be written in ASCII, with a sentence, and it stays pending', async () => {
    const good = await clientAsksFor('ach');
    const unwritable = await clientAsksFor('ach', { ...SELLERS[2], accountName: '李小龍' });
    const batch = await makeBatch();
    expect(batch.entries.map((e) => e.transactionId)).toEqual([good.transactionId]);
    expect(batch.leftOut).toEqual([
      {
        transactionId: unwritable.transactionId,
        submissionShortId: shortId(unwritable.submissionId),
        reason: 'The name "李小龍" has no letters or digits that can be written in ASCII.',
      },
    ]);
    expect((await payoutRow(unwritable.transactionId)).status).toBe('pending');
    // Alone, it makes no batch at all; the answer says why.
    const alone = await post('/api/admin/payouts/ach-batches');
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toBe(
      `There are no pending ACH payouts to put in a file. Submission ${shortId(unwritable.submissionId)}: The name "李小龍" has no letters or digits that can be written in ASCII.`,
    );
    expect((await get(`/api/admin/payouts/ach-batches/${crypto.randomUUID()}/file`)).statusCode).toBe(404);
  });

  it('gives each payout to exactly one batch when two admins ask at once', async () => {
    for (const seller of SELLERS) await clientAsksFor('ach', seller);
    const answers = await Promise.all([post('/api/admin/payouts/ach-batches'), post('/api/admin/payouts/ach-batches')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(achBatches)).toHaveLength(1);
    expect(await t.db.select().from(achBatchEntries)).toHaveLength(3);
  });

  it('settles a batch: every entry still processing is paid, with the timeline sentence, once', async () => {
    const { ach } = await threeAchAndOnePaypal();
    const batch = await makeBatch();
    expect(batch.waitingCount).toBe(3);
    const listed = async () =>
      ((await get('/api/admin/payouts/ach-batches')).json() as { id: string; waitingCount: number }[]).find(
        (b) => b.id === batch.id,
      );
    expect((await listed())?.waitingCount).toBe(3);
    const settled = await post(`/api/admin/payouts/ach-batches/${batch.id}/settled`);
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json()).toEqual({
      batchId: batch.id,
      paid: batch.entries.map((e) => ({ transactionId: e.transactionId, traceNumber: e.traceNumber })),
      unchanged: [],
    });
    for (const [i, a] of ach.entries()) {
      expect(await payoutRow(a.transactionId)).toMatchObject({ status: 'paid', rail: 'ach-file' });
      expect(await timelineDetail(a.submissionId, 'payout_sent')).toMatch(
        new RegExp(`^Paid [A-Z][a-z]{2} \\d{1,2} by ACH, trace number ${batch.entries[i]!.traceNumber}\\.$`),
      );
    }
    // Settled: nothing in it waits for the bank any more.
    expect((await listed())?.waitingCount).toBe(0);
    const again = await post(`/api/admin/payouts/ach-batches/${batch.id}/settled`);
    expect(again.json().paid).toEqual([]);
    expect(again.json().unchanged.map((u: { status: string }) => u.status)).toEqual(['paid', 'paid', 'paid']);
    expect((await post(`/api/admin/payouts/ach-batches/${crypto.randomUUID()}/settled`)).statusCode).toBe(404);
  });

  it('imports a return file: R01 returns its payout, an unknown trace is unmatched, the same file again is already applied', async () => {
    const { ach } = await threeAchAndOnePaypal();
    const batch = await makeBatch();
    await post(`/api/admin/payouts/ach-batches/${batch.id}/settled`);
    const returned = batch.entries[1]!;
    const unknownTrace = `${ODFI}0009999`;
    const file = bankReturnFile(ACH_ENV.ACH_ODFI_ROUTING, [
      { traceNumber: returned.traceNumber, returnCode: 'R01', amountCents: cents(returned.amount), originalRdfi: '02100002' },
      { traceNumber: unknownTrace, returnCode: 'R03', amountCents: 1234, originalRdfi: '01100001' },
    ]);

    const res = await post('/api/admin/payouts/ach-returns', { file });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      returned: [
        {
          transactionId: returned.transactionId,
          submissionShortId: returned.submissionShortId,
          traceNumber: returned.traceNumber,
          returnCode: 'R01',
          reason: 'insufficient funds (R01)',
          amount: returned.amount,
        },
      ],
      unmatched: [
        { traceNumber: unknownTrace, returnCode: 'R03', amount: '12.34', why: 'No entry we sent has this trace number.' },
      ],
      alreadyApplied: [],
      changeNotices: [],
    });
    expect(await payoutRow(returned.transactionId)).toMatchObject({
      status: 'returned',
      statusReasonCode: 'R01',
      statusReason: 'insufficient funds (R01)',
    });
    expect(await timelineDetail(ach[1]!.submissionId, 'payout_returned')).toMatch(
      /^Returned [A-Z][a-z]{2} \d{1,2} by your bank: insufficient funds \(R01\)\. Please give new payout details\.$/,
    );
    // The other two stay paid.
    for (const other of [ach[0]!, ach[2]!]) expect((await payoutRow(other.transactionId)).status).toBe('paid');

    const again = await post('/api/admin/payouts/ach-returns', { file });
    expect(again.json()).toMatchObject({
      returned: [],
      unmatched: [{ traceNumber: unknownTrace }],
      alreadyApplied: [
        { transactionId: returned.transactionId, traceNumber: returned.traceNumber, returnCode: 'R01', status: 'returned' },
      ],
    });
    const returns = await t.db
      .select()
      .from(payoutEvents)
      .where(and(eq(payoutEvents.transition, 'markReturned'), inArray(payoutEvents.transactionId, [returned.transactionId])));
    expect(returns).toHaveLength(1);
  });

  it('refuses a malformed return file with the parser sentence and changes nothing', async () => {
    await clientAsksFor('ach');
    const batch = await makeBatch();
    const entry = batch.entries[0]!;
    const good = bankReturnFile(ACH_ENV.ACH_ODFI_ROUTING, [
      { traceNumber: entry.traceNumber, returnCode: 'R02', amountCents: cents(entry.amount), originalRdfi: '01100001' },
    ]);
    // The batch control claims one cent more than its entries add up to.
    const lines = good.split('\n');
    const control = lines.findIndex((l) => l.startsWith('8'));
    lines[control] =
      `${lines[control]!.slice(0, 32)}${String(Number(lines[control]!.slice(32, 44)) + 1).padStart(12, '0')}${lines[control]!.slice(44)}`;
    for (const file of [lines.join('\n'), 'not a nacha file']) {
      const res = await post('/api/admin/payouts/ach-returns', { file });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/^The return file could not be read, so nothing was changed\. .+\.$/);
    }
    expect((await post('/api/admin/payouts/ach-returns', { file: '' })).statusCode).toBe(400);
    expect((await payoutRow(entry.transactionId)).status).toBe('processing');
  });

  it('in production refuses a batch until the ACH settings are set; elsewhere marks the examples', async () => {
    await clientAsksFor('ach');
    const appraiser = currentUser({ id: admin.id, email: ADMIN_EMAIL }, true);
    const production = loadConfig({ ...PRODUCTION_ENV, DATA_DIR: t.config.dataDir, SECRETS_DIR: '/tmp/assay-ach-no-secrets' });
    expect(production.ach.settings).toBeNull();
    await expect(createAchBatch({ ...t.app.ctx, config: production }, appraiser)).rejects.toThrow(
      "ACH files need the company's bank settings from its ACH agreement: set ACH_COMPANY_NAME, ACH_COMPANY_ID, ACH_ODFI_ROUTING, ACH_ORIGIN_NAME and ACH_DESTINATION_NAME on the server and restart it.",
    );
    expect(await t.db.select().from(achBatches)).toHaveLength(0);

    const examples = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.config.dataDir, SECRETS_DIR: '/tmp/assay-ach-no-secrets' });
    const batch = await createAchBatch({ ...t.app.ctx, config: examples }, appraiser);
    expect(batch.exampleSettings).toBe(true);
    // Example settings write example names and their own ODFI's trace numbers.
    expect(batch.entries[0]!.traceNumber).toBe('011000010000001');
  });
});
