// The server and the job worker build their context with one function (issue 26 item 3): the same
// configuration gives both the same kinds of adapter, a stand-in handed to one is what the other
// gets too, and the worker's close releases what its context opened.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { MailTransport } from './adapters/mail/mail-transport.ts';
import type { ObjectStorage } from './adapters/storage/object-storage.ts';
import { createAppContext, createWorker, type ContextInput } from './composition-root.ts';
import { loadConfig } from './config/index.ts';
import type { Adapters } from './context.ts';
import { openDatabase } from './db/client.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-composition-'));
// Nothing here queries: a pool connects at its first query, so no server need answer there.
const unused = await openDatabase({ databaseUrl: 'postgres://127.0.0.1:9/never-queried' });
afterAll(async () => {
  await unused.close();
  rmSync(dir, { recursive: true, force: true });
});
const adapterNames = ['storage', 'priceFeed', 'carrier', 'payouts', 'mail'] as const satisfies readonly (keyof Adapters)[];

function input(overrides?: Partial<Adapters>): ContextInput {
  return {
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(dir, 'data'),
      SECRETS_DIR: path.join(dir, 'secrets'),
      // Not the defaults, so that a second construction falling back to them would show.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      CARRIER: 'easypost',
      EASYPOST_API_KEY: 'EZTK-test',
      PRICE_FEED: 'gold-api',
      PAYPAL_CLIENT_ID: 'client',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'webhook',
    }),
    secrets: { sessionSecret: 's'.repeat(32), encryptionKey: 'a'.repeat(64), previousEncryptionKeys: ['b'.repeat(64)] },
    db: unused.db,
    log: pino({ level: 'silent' }),
    overrides,
  };
}

/** What tells one adapter from another: its class, its setting's name and what it offers. */
function kindOf(adapter: object | null) {
  if (adapter === null) return null;
  const named = adapter as { driver?: string; provider?: string };
  return { class: adapter.constructor.name, setting: named.driver ?? named.provider, members: Object.keys(adapter).sort() };
}

describe('one composition root for the server and the worker', () => {
  it('builds the same adapters and keys for both from the same configuration', () => {
    const server = createAppContext(input());
    const worker = createWorker(input()).ctx;
    for (const name of adapterNames) {
      expect(server[name], name).not.toBeNull();
      expect(kindOf(worker[name]), name).toEqual(kindOf(server[name]));
    }
    expect([server.carrier.provider, server.payouts.provider, server.storage.driver]).toEqual([
      'easypost',
      'manual+paypal',
      'local',
    ]);
    expect(worker.keys).toEqual(server.keys);
    expect(worker.keys.decryptionKeys).toEqual(['a'.repeat(64), 'b'.repeat(64)]);
    expect(kindOf(worker.pricing)).toEqual(kindOf(server.pricing));
  });

  it('hands both the stand-ins given, so a test of the worker sees the adapters a test of the server does', () => {
    const standIns = {
      storage: { close: vi.fn() } as unknown as ObjectStorage,
      priceFeed: { name: 'stand-in feed' },
      carrier: { name: 'stand-in carrier' },
      payouts: { name: 'stand-in payouts' },
      mail: { close: vi.fn() } as unknown as MailTransport,
    } as unknown as Adapters;
    const server = createAppContext(input(standIns));
    const worker = createWorker(input(standIns)).ctx;
    for (const name of adapterNames) {
      expect(server[name], name).toBe(standIns[name]);
      expect(worker[name], name).toBe(standIns[name]);
    }
  });

  it('closes the mail transport and storage of its own context when the worker stops', async () => {
    const storage = { close: vi.fn() } as unknown as ObjectStorage;
    const mail = { close: vi.fn() } as unknown as MailTransport;
    const worker = createWorker(input({ storage, mail }));
    await worker.close();
    expect(mail.close).toHaveBeenCalledOnce();
    expect(storage.close).toHaveBeenCalledOnce();
  });
});
