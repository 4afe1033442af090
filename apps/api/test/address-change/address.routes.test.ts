import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubmission } from '../../src/db/factories.ts';
import { shippingLabels, submissions, users } from '../../src/db/schema/index.ts';
import { HOME_ADDRESS } from '../support/addresses.ts';
import { signUp } from '../support/sessions.ts';
import { createTestApp, engines, type TestApp } from '../support/test-app.ts';
import { sealedLabel } from '../support/sealed-addresses.ts';
import { openAddress, personalDataContext } from '../../src/lib/personal-data.ts';
import { followAddressOnSampleLabels } from '../../src/modules/shipping-labels/shipping-labels.jobs.ts';
import { installLabelAddressQueue, queuedLabelFollows, runQueuedLabelFollows } from '../support/label-address-jobs.ts';

const HOME = HOME_ADDRESS;

describe.each(engines)('the shipping address on %s', (engine) => {
  let t: TestApp;
  let steady: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await installLabelAddressQueue(t);
    steady = await signUp(t.app);
    expect((await put(steady.cookie, HOME)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const get = (cookie?: string) => t.app.inject({ url: '/api/users/me/address', headers: cookie ? { cookie } : {} });
  const put = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/users/me/address', headers: cookie ? { cookie } : {}, payload: payload as object });

  it('is null until given, then stored normalised on the profile and answered back', async () => {
    const client = await signUp(t.app);
    const before = await get(client.cookie);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ address: null });
    expect(before.headers['cache-control']).toBe('no-store');

    const saved = await put(client.cookie, {
      name: ' Casey  Client ',
      line1: '12 Main Street ',
      line2: ' Apt 4B',
      city: 'Springfield',
      state: 'il',
      postalCode: '627011234',
      phone: '+1 217 555 0134',
      isAdmin: true,
    });
    expect(saved.statusCode).toBe(200);
    const expected = { ...HOME, postalCode: '62701-1234' };
    expect(saved.json()).toEqual({ address: expected });
    expect((await get(client.cookie)).json()).toEqual({ address: expected });
    const [row] = await t.db
      .select({ address: users.shippingAddress, street: users.encryptedStreet, isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.id, client.id));
    // At rest: name, city, state and ZIP in clear; the street lines and phone only sealed.
    expect(row!.address).toEqual({ name: HOME.name, city: HOME.city, state: HOME.state, postalCode: '62701-1234' });
    expect(row!.street).toMatch(/^v1:/);
    for (const secret of [HOME.line1, HOME.line2, HOME.phone]) expect(JSON.stringify(row)).not.toContain(secret);
    const keys = t.app.ctx.keys.decryptionKeys;
    expect(openAddress(keys, row!.address, row!.street, personalDataContext.profileStreet(client.id))).toEqual(expected);
    expect(row!.isAdmin).toBe(false);
  });

  it('takes an address without the optional second line and phone', async () => {
    const client = await signUp(t.app);
    const res = await put(client.cookie, {
      name: 'Pat Doe',
      line1: '1 Elm St',
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      address: { name: 'Pat Doe', line1: '1 Elm St', line2: null, city: 'Austin', state: 'TX', postalCode: '78701', phone: null },
    });
  });

  it('replaces the address, and each client sees only their own', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await put(a.cookie, HOME);
    await put(b.cookie, { ...HOME, name: 'Bo Other', city: 'Chicago' });
    await put(a.cookie, { ...HOME, line1: '99 New Road', line2: null });
    expect((await get(a.cookie)).json().address).toEqual({ ...HOME, line1: '99 New Road', line2: null });
    expect((await get(b.cookie)).json().address).toEqual({ ...HOME, name: 'Bo Other', city: 'Chicago' });
  });

  it.each([
    ['an empty name', { name: '' }, 'Invalid body: name: Please enter the name for the label.'],
    ['a blank street', { line1: '   ' }, 'Invalid body: line1: Please enter the street address.'],
    ['a missing city', { city: undefined }, 'Invalid body: city: Please enter the city.'],
    [
      'an unknown state',
      { state: 'ZZ' },
      'Invalid body: state: Please choose a US state or territory by its 2-letter code, like NY.',
    ],
    [
      'a 4-digit ZIP',
      { postalCode: '1234' },
      'Invalid body: postalCode: Please enter a 5-digit ZIP code, or ZIP+4 like 12345-6789.',
    ],
    [
      'a short phone',
      { phone: '12345' },
      'Invalid body: phone: Please enter a 10-digit US phone number, like (302) 555-0123, or leave it empty.',
    ],
    [
      'a too long second line',
      { line2: 'x'.repeat(101) },
      'Invalid body: line2: The second address line can be at most 100 characters.',
    ],
    [
      'a line break',
      { name: 'Casey\r\nBcc: someone' },
      'Invalid body: name: The name can only use letters, numbers, spaces and common punctuation.',
    ],
  ])('refuses %s with 400 and changes nothing', async (_what, patch, message) => {
    const res = await put(steady.cookie, { ...HOME, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'BAD_REQUEST', message });
    expect((await get(steady.cookie)).json()).toEqual({ address: HOME });
  });

  it('names every bad field at once', async () => {
    const client = await signUp(t.app);
    const res = await put(client.cookie, { ...HOME, state: 'XX', postalCode: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Invalid body: state: Please choose a US state or territory by its 2-letter code, like NY.; postalCode: Please enter a 5-digit ZIP code, or ZIP+4 like 12345-6789.',
    );
  });

  it('refuses a body that is not an address object', async () => {
    const client = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/address',
      headers: { cookie: client.cookie, 'content-type': 'application/json' },
      payload: '"12 Main Street, Springfield"',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Invalid body: Please send the address as {name, line1, line2, city, state, postalCode, phone}.',
    );
  });

  it('is for signed-in people only (401, even with a bad body)', async () => {
    expect((await get()).statusCode).toBe(401);
    const res = await put(undefined, HOME);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to continue.');
    expect((await put(undefined, { nonsense: 1 })).statusCode).toBe(401);
  });

  it('corrects the sender of sample labels whose parcel has not reached us, and only those', async () => {
    const client = await signUp(t.app);
    await put(client.cookie, HOME);
    const waiting = buildSubmission({ userId: client.id, status: 'new' });
    const received = buildSubmission({ userId: client.id, status: 'appraising' });
    await t.db.insert(submissions).values([waiting, received]);
    for (const sub of [waiting, received]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/shipping/labels',
        headers: { cookie: client.cookie },
        payload: { submissionId: sub.id },
      });
      expect(res.statusCode).toBe(201);
    }
    // A label registered with a real carrier is never rewritten.
    const real = buildSubmission({ userId: client.id, status: 'new' });
    await t.db.insert(submissions).values(real);
    await t.db.insert(shippingLabels).values(
      sealedLabel(t.app.ctx.keys.encryptionKey, {
        id: crypto.randomUUID(),
        submissionId: real.id,
        userId: client.id,
        direction: 'inbound',
        trackingNumber: `REAL${Date.now()}`,
        carrier: 'Real Carrier',
        validForPostage: 'yes',
        insuredValue: 675_00,
        sender: HOME,
        receiver: HOME,
      }),
    );

    const corrected = { ...HOME, line1: '14 Main Street' };
    expect((await put(client.cookie, corrected)).statusCode).toBe(200);
    // The labels follow through the job the save queued.
    await runQueuedLabelFollows(t);
    const senderOf = async (submissionId: string) =>
      (
        await t.db
          .select({ id: shippingLabels.id, sender: shippingLabels.sender, street: shippingLabels.encryptedSenderStreet })
          .from(shippingLabels)
          .where(eq(shippingLabels.submissionId, submissionId))
      ).map((l) =>
        openAddress(t.app.ctx.keys.decryptionKeys, l.sender, l.street, personalDataContext.labelSenderStreet(l.id)),
      )[0];
    expect(await senderOf(waiting.id)).toEqual(corrected);
    expect(await senderOf(received.id)).toEqual(HOME);
    expect(await senderOf(real.id)).toEqual(HOME);
  });

  describe('the labels follow through a job queued with the save', () => {
    /** A client with one sample label of a parcel not yet sent, made while `address` was theirs. */
    async function clientWithSampleLabel(address: object = HOME) {
      const client = await signUp(t.app);
      expect((await put(client.cookie, address)).statusCode).toBe(200);
      const waiting = buildSubmission({ userId: client.id, status: 'new' });
      await t.db.insert(submissions).values(waiting);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/shipping/labels',
        headers: { cookie: client.cookie },
        payload: { submissionId: waiting.id },
      });
      expect(res.statusCode).toBe(201);
      await runQueuedLabelFollows(t);
      return { client, submissionId: waiting.id };
    }
    async function labelOf(submissionId: string) {
      const [label] = await t.db
        .select({ id: shippingLabels.id, sender: shippingLabels.sender, street: shippingLabels.encryptedSenderStreet })
        .from(shippingLabels)
        .where(eq(shippingLabels.submissionId, submissionId));
      const sender = openAddress(
        t.app.ctx.keys.decryptionKeys,
        label!.sender,
        label!.street,
        personalDataContext.labelSenderStreet(label!.id),
      );
      return { sender, sealedStreet: label!.street };
    }

    it('queues exactly one job per save, and the label keeps its sender until the job runs', async () => {
      const { client, submissionId } = await clientWithSampleLabel();
      const corrected = { ...HOME, line1: '16 Main Street' };
      expect((await put(client.cookie, corrected)).statusCode).toBe(200);
      expect(await queuedLabelFollows(t.db, client.id)).toEqual([{ userId: client.id }]);
      expect((await labelOf(submissionId)).sender).toEqual(HOME);
      await runQueuedLabelFollows(t);
      expect((await labelOf(submissionId)).sender).toEqual(corrected);
      expect(await queuedLabelFollows(t.db, client.id)).toEqual([]);
    });

    it('queues nothing when the save fails, and saves nothing when the job cannot be stored', async () => {
      const { client, submissionId } = await clientWithSampleLabel();
      // The save refused by the database, as a full disk would refuse it.
      await t.db.execute(
        sql.raw(
          `alter table users add constraint test_save_refused check (shipping_address->>'city' <> 'Shelbyville' or id <> '${client.id}')`,
        ),
      );
      try {
        expect((await put(client.cookie, { ...HOME, city: 'Shelbyville' })).statusCode).toBe(500);
      } finally {
        await t.db.execute(sql`alter table users drop constraint test_save_refused`);
      }
      expect(await queuedLabelFollows(t.db, client.id)).toEqual([]);
      // The job refused: the address is not saved either, one transaction for both.
      await t.db.execute(
        sql.raw(
          `alter table pgboss.job add constraint test_job_refused check (name <> 'sample-labels-follow-address' or data->>'userId' <> '${client.id}' or state <> 'created')`,
        ),
      );
      try {
        expect((await put(client.cookie, { ...HOME, line1: '18 Main Street' })).statusCode).toBe(500);
      } finally {
        await t.db.execute(sql`alter table pgboss.job drop constraint test_job_refused`);
      }
      expect((await get(client.cookie)).json()).toEqual({ address: HOME });
      expect(await queuedLabelFollows(t.db, client.id)).toEqual([]);
      expect((await labelOf(submissionId)).sender).toEqual(HOME);
    });

    it('writes the address saved last, whichever job runs first, and a second run changes nothing', async () => {
      const { client, submissionId } = await clientWithSampleLabel();
      const first = { ...HOME, line1: '20 Main Street' };
      const last = { ...HOME, line1: '22 Main Street' };
      expect((await put(client.cookie, first)).statusCode).toBe(200);
      expect((await put(client.cookie, last)).statusCode).toBe(200);
      const queued = await queuedLabelFollows(t.db, client.id);
      expect(queued).toHaveLength(2);
      // The first edit's job, run after the second's, still reads the current address.
      expect(await followAddressOnSampleLabels(t.db, t.app.ctx.keys, queued[1]!)).toBe(1);
      expect(await followAddressOnSampleLabels(t.db, t.app.ctx.keys, queued[0]!)).toBe(0);
      const after = await labelOf(submissionId);
      expect(after.sender).toEqual(last);
      // A retry: no label changes, not even its sealed street.
      expect(await runQueuedLabelFollows(t)).toEqual([0, 0]);
      expect(await labelOf(submissionId)).toEqual(after);
    });
  });
});
