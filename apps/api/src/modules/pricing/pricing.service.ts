// The rules of prices on the server (DECISIONS "Prices"): refresh the metals from the feed by one
// instance at a time, never store or quote a price that is zero, negative or missing, keep the last
// good prices when the feed fails, let appraisers set gem prices, and answer GET /api/pricing from
// memory: the list is built and serialized once per change, not once per request. The feed's last
// success and last error are stored, not remembered, so every instance reports the same.
import { createHash } from 'node:crypto';
import {
  ADMIN_PRICE_SOURCE,
  ADMIN_REFERENCE_PRICE_SOURCE,
  change24hPercent,
  CHANGE_WINDOW_MS,
  gemItemTypes,
  gemPricesFromPerCarat,
  gemReferencePricesPerCarat,
  headlinePrice,
  historyBucketSeconds,
  isGemItemType,
  isPricingRowStale,
  itemTypeLabels,
  itemTypes,
  metalItemTypes,
  metalPricesFromSpot,
  parseGemPricePerCarat,
  PRICE_HISTORY_MAX_POINTS,
  PRICE_HISTORY_RETENTION_DAYS,
  priceRefreshMinAgeMs,
  PRICING_REFRESH_FAILED_MESSAGE,
  pricingListSchema,
  priceStaleFrom,
  parseExactDecimal,
  spotPricesFromMetalPrices,
  type ItemType,
  type MetalItemType,
  type PriceHistoryPoint,
  type PricingRow,
  type PricingStatus,
} from '@assay/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { PriceFeedError, type PriceFeed } from '../../adapters/price-feeds/index.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { accessMessages, assertAppraiser } from '../../access/actor.ts';
import {
  deletePriceHistoryBefore,
  findPriceAtOrBefore,
  findPriceFeedStatus,
  insertMissingPricing,
  insertPriceHistory,
  latestFetchedAt,
  listPriceHistoryBuckets,
  listPricing,
  lockPriceRefresh,
  recordPriceFeedFailure,
  recordPriceFeedSuccess,
  tryLockPriceRefresh,
  upsertPricing,
  type NewPriceHistoryRecord,
  type NewPricingRecord,
  type PricingRecord,
} from './pricing.repository.ts';
import { signalChange } from '../../db/change-signals.ts';

export interface PricingActor {
  id: string;
  isAdmin: boolean;
}

/** The part of pino the service uses, so it needs no Fastify types. */
export interface PricingLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface PricingServiceDeps {
  db: Db;
  feed: PriceFeed;
  refreshIntervalMs: number;
  logger: PricingLogger;
  now?: () => Date;
}

export interface RefreshResult {
  /** False when the refresh stepped aside: prices younger than half the interval ('fresh'), or another instance writing ('busy'). */
  refreshed: boolean;
  reason?: 'fresh' | 'busy';
  /** Source and fetch time of the metal prices quoted after this refresh. */
  source: string | null;
  updatedAt: Date | null;
}

/** GET /api/pricing as served: the rows, their JSON text and its ETag, built once per change. */
export interface PricingSnapshot {
  readonly rows: readonly PricingRow[];
  readonly json: string;
  readonly etag: string;
  /** The answer's HTTP headers: JSON, its ETag, and "revalidate before reuse". */
  readonly headers: Readonly<Record<string, string>>;
}

interface Cache extends PricingSnapshot {
  readonly records: readonly PricingRecord[];
  readonly changes: ReadonlyMap<string, string | null>;
  /** When the next quoted feed price turns stale, so the stale flags are rebuilt then (ms). */
  readonly staleFrom: number;
}

const DAY_MS = 24 * 60 * 60_000;
/** 11 item types x a few chart spans; a client cycling through all 720 spans only empties it. */
const MAX_CACHED_HISTORIES = 200;

function positive(price: string | null): boolean {
  const value = price === null ? null : parseExactDecimal(price);
  return value !== null && value.units > 0n;
}

function quotable(record: PricingRecord): boolean {
  // Never quote a zero, negative or missing price, whatever is in the table.
  if (!positive(record.pricePerOz) || !positive(record.pricePerGram)) return false;
  return !isGemItemType(record.itemType) || positive(record.pricePerCarat);
}

function buildCache(records: readonly PricingRecord[], changes: ReadonlyMap<string, string | null>, now: Date): Cache {
  const byType = new Map(records.map((r) => [r.itemType, r]));
  const rows: PricingRow[] = [];
  let staleFrom = Number.POSITIVE_INFINITY;
  for (const itemType of itemTypes) {
    const record = byType.get(itemType);
    if (!record || !quotable(record)) continue;
    const stale = isPricingRowStale(itemType, record.fetchedAt, now);
    if (!stale && !isGemItemType(itemType)) staleFrom = Math.min(staleFrom, priceStaleFrom(record.fetchedAt));
    rows.push({
      id: record.id,
      itemType,
      pricePerOz: record.pricePerOz,
      pricePerGram: record.pricePerGram,
      pricePerCarat: record.pricePerCarat,
      change24h: changes.get(itemType) ?? null,
      updatedAt: record.fetchedAt.toISOString(),
      source: record.source,
      stale,
    });
  }
  // The contract is checked here, once per change, instead of by a serializer on every request.
  const checked = pricingListSchema.parse(rows);
  const json = JSON.stringify(checked);
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache', etag };
  return { records, changes, rows: checked, json, etag, headers, staleFrom };
}

function gemRecord(
  itemType: ItemType,
  pricePerCarat: string,
  source: string,
  at: Date,
  updatedBy: string | null,
): NewPricingRecord {
  const prices = gemPricesFromPerCarat(pricePerCarat);
  return { id: itemType, itemType, ...prices, source, fetchedAt: at, updatedBy };
}

function historyOf(record: NewPricingRecord | PricingRecord, recordedAt: Date) {
  return {
    itemType: record.itemType,
    pricePerOz: record.pricePerOz,
    pricePerGram: record.pricePerGram,
    pricePerCarat: record.pricePerCarat ?? null,
    source: record.source,
    updatedBy: record.updatedBy ?? null,
    recordedAt,
  };
}

/** One price of one item at one time, as the history keeps it. */
export type PriceHistoryEntry = NewPriceHistoryRecord;

/** For seeding (the demo's past day of simulated prices), in the caller's transaction. */
export function recordPriceHistory(tx: DbOrTx, rows: PriceHistoryEntry[]) {
  return insertPriceHistory(tx, rows);
}

export class PricingService {
  private cache: Cache;
  private inFlight: Promise<RefreshResult> | null = null;
  /** Chart answers by "itemType:hours", emptied whenever the prices are read again. */
  private historyCache = new Map<string, Promise<PriceHistoryPoint[]>>();
  private readonly now: () => Date;
  /** The same clock in ms: snapshot() asks it on every request, and a Date each time is garbage. */
  private readonly nowMs: () => number;

  constructor(private readonly deps: PricingServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.nowMs = deps.now ? () => this.now().getTime() : Date.now;
    this.cache = buildCache([], new Map(), this.now());
  }

  get feed(): PriceFeed {
    return this.deps.feed;
  }

  /** At start: seed the gems' reference prices on a fresh database, then load the cache. */
  async start(): Promise<void> {
    await this.ensureGemReferencePrices();
    await this.reload();
  }

  /** What GET /api/pricing answers; no database, no allocation unless a price just turned stale. */
  snapshot(): PricingSnapshot {
    if (this.nowMs() >= this.cache.staleFrom) this.cache = buildCache(this.cache.records, this.cache.changes, this.now());
    return this.cache;
  }

  /** Reads the stored prices and their 24-hour changes into memory (after a refresh, an edit, or another instance's refresh). */
  async reload(): Promise<void> {
    const { db } = this.deps;
    const now = this.now();
    const records = await listPricing(db);
    const dayAgo = new Date(now.getTime() - CHANGE_WINDOW_MS);
    const changes = new Map<string, string | null>();
    for (const record of records) {
      const itemType = record.itemType as ItemType;
      const before = await findPriceAtOrBefore(db, itemType, dayAgo);
      changes.set(itemType, before ? change24hPercent(headlinePrice(itemType, before), headlinePrice(itemType, record)) : null);
    }
    this.cache = buildCache(records, changes, now);
    this.historyCache = new Map();
  }

  /** Resolves when no refresh is running (the app waits for it before closing the database). */
  async idle(): Promise<void> {
    while (this.inFlight) await this.inFlight.catch(() => undefined);
  }

  /**
   * Refreshes the metal prices from the feed. A scheduled refresh (`force` false) steps aside when
   * the stored prices are younger than half the interval or another instance holds the refresh
   * lock; an appraiser's refresh (`force` true) always fetches and waits for the lock. A feed that
   * fails or answers garbage stores nothing: the last good prices stay, the failure is logged and
   * recorded as the feed's last error, and an AppError BAD_GATEWAY says why.
   */
  async refresh(options: { force?: boolean } = {}): Promise<RefreshResult> {
    const force = options.force ?? false;
    while (this.inFlight) {
      if (!force) return this.inFlight;
      await this.inFlight.catch(() => undefined);
    }
    const run = this.runRefresh(force);
    this.inFlight = run;
    try {
      return await run;
    } finally {
      if (this.inFlight === run) this.inFlight = null;
    }
  }

  private currentMetalSource(): { source: string | null; updatedAt: Date | null } {
    const gold = this.cache.records.find((r) => r.itemType === 'gold-24k');
    return { source: gold?.source ?? null, updatedAt: gold?.fetchedAt ?? null };
  }

  private async runRefresh(force: boolean): Promise<RefreshResult> {
    const { db, feed, logger } = this.deps;
    const minAgeMs = priceRefreshMinAgeMs(this.deps.refreshIntervalMs);
    const youngerThanMinAge = (at: Date | null, now: Date) => at !== null && now.getTime() - at.getTime() < minAgeMs;

    if (!force && youngerThanMinAge(await latestFetchedAt(db, metalItemTypes), this.now())) {
      await this.reload();
      return { refreshed: false, reason: 'fresh', ...this.currentMetalSource() };
    }

    // Fetch outside any transaction: a slow feed must not hold a database connection (or, on
    // PGlite, the only one). The lock below decides who writes.
    let derived: Record<MetalItemType, { pricePerOz: string; pricePerGram: string; pricePerCarat: string | null }>;
    let source: string;
    try {
      const previous = spotPricesFromMetalPrices(Object.fromEntries(this.cache.records.map((r) => [r.itemType, r.pricePerOz])));
      const quote = await feed.fetchSpotPrices({ previous });
      derived = metalPricesFromSpot(quote.prices);
      source = quote.source;
    } catch (err) {
      const reason =
        err instanceof PriceFeedError
          ? err.message
          : `${feed.source} failed unexpectedly (${err instanceof Error ? err.message : String(err)})`;
      logger.warn({ err, provider: feed.provider, reason }, 'price refresh failed; the last good prices stay');
      await this.recordFailure(reason);
      throw new AppError('BAD_GATEWAY', `${PRICING_REFRESH_FAILED_MESSAGE}: ${reason}`);
    }

    const fetchedAt = this.now();
    const records: NewPricingRecord[] = metalItemTypes.map((itemType) => ({
      id: itemType,
      itemType,
      ...derived[itemType],
      source,
      fetchedAt,
      updatedBy: null,
    }));
    const outcome = await db.transaction(async (tx) => {
      if (force) {
        await lockPriceRefresh(tx);
      } else {
        if (!(await tryLockPriceRefresh(tx))) return 'busy' as const;
        // Re-read under the lock: another instance may have written while we fetched.
        if (youngerThanMinAge(await latestFetchedAt(tx, metalItemTypes), fetchedAt)) return 'fresh' as const;
      }
      await upsertPricing(tx, records);
      await insertPriceHistory(
        tx,
        records.map((r) => historyOf(r, fetchedAt)),
      );
      await deletePriceHistoryBefore(tx, metalItemTypes, new Date(fetchedAt.getTime() - PRICE_HISTORY_RETENTION_DAYS * DAY_MS));
      // With the prices, so the status never claims a success whose prices were rolled back.
      await recordPriceFeedSuccess(tx, feed.provider, fetchedAt);
      // Every other instance re-reads the prices once this commits.
      await signalChange(tx, 'prices');
      return 'written' as const;
    });
    await this.reload();
    if (outcome !== 'written') return { refreshed: false, reason: outcome, ...this.currentMetalSource() };
    logger.debug({ provider: feed.provider, source }, 'prices refreshed');
    return { refreshed: true, source, updatedAt: fetchedAt };
  }

  /**
   * Stores the feed's failure for every instance's status. The caller is about to answer the
   * failure itself (502 to an appraiser, a warning in the job's log): a database that cannot take
   * this write too must not replace that answer, so it is only logged.
   */
  private async recordFailure(reason: string): Promise<void> {
    const { db, feed, logger } = this.deps;
    try {
      await recordPriceFeedFailure(db, feed.provider, reason, this.now());
    } catch (err) {
      logger.warn({ err, provider: feed.provider }, "the price feed's failure could not be recorded");
    }
  }

  /** Seeds each gem's reference price once, on a fresh database; any instance may try, one wins. */
  async ensureGemReferencePrices(): Promise<void> {
    const now = this.now();
    const rows = gemItemTypes.map((itemType) =>
      gemRecord(itemType, gemReferencePricesPerCarat[itemType], ADMIN_REFERENCE_PRICE_SOURCE, now, null),
    );
    await this.deps.db.transaction(async (tx) => {
      const inserted = await insertMissingPricing(tx, rows);
      await insertPriceHistory(
        tx,
        inserted.map((r) => historyOf(r, now)),
      );
    });
  }

  /** PUT /api/pricing/{itemType}: an appraiser sets a gem's per-carat price; recorded in history. */
  async setGemPrice(actor: PricingActor, itemType: ItemType, pricePerCarat: string): Promise<PricingRow> {
    assertAppraiser(actor, accessMessages.pricesAppraisersOnly);
    if (!isGemItemType(itemType)) {
      throw badRequest(
        `${itemTypeLabels[itemType]} is priced by the metals price feed. Only gem prices (Diamond, Ruby, Sapphire, Emerald) are set by hand.`,
      );
    }
    const price = parseGemPricePerCarat(pricePerCarat);
    if (!price) throw badRequest('The price per carat must be an amount above 0 with at most 2 decimals.');
    const now = this.now();
    const record = gemRecord(itemType, price, ADMIN_PRICE_SOURCE, now, actor.id);
    await this.deps.db.transaction(async (tx) => {
      await upsertPricing(tx, [record]);
      await insertPriceHistory(tx, [historyOf(record, now)]);
      await signalChange(tx, 'prices');
    });
    await this.reload();
    const row = this.cache.rows.find((r) => r.itemType === itemType);
    if (!row) throw new Error(`The ${itemType} price was saved but cannot be quoted.`);
    return row;
  }

  /** GET /api/pricing/history: the chart's points, oldest first, at most PRICE_HISTORY_MAX_POINTS. */
  history(itemType: ItemType, hours: number): Promise<PriceHistoryPoint[]> {
    // History only grows when prices are refreshed or edited, and every open page asks for each
    // chart once a minute: answer from memory until the next reload.
    const key = `${itemType}:${hours}`;
    let answer = this.historyCache.get(key);
    if (!answer) {
      if (this.historyCache.size >= MAX_CACHED_HISTORIES) this.historyCache.clear();
      answer = this.readHistory(itemType, hours);
      this.historyCache.set(key, answer);
      answer.catch(() => this.historyCache.delete(key));
    }
    return answer;
  }

  private async readHistory(itemType: ItemType, hours: number): Promise<PriceHistoryPoint[]> {
    const since = new Date(this.now().getTime() - hours * 3600_000);
    const rows = await listPriceHistoryBuckets(
      this.deps.db,
      itemType,
      since,
      historyBucketSeconds(hours),
      PRICE_HISTORY_MAX_POINTS,
    );
    return rows
      .sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime())
      .map((r) => ({
        recordedAt: r.recordedAt.toISOString(),
        pricePerOz: r.pricePerOz,
        pricePerGram: r.pricePerGram,
        pricePerCarat: r.pricePerCarat,
      }));
  }

  /**
   * GET /api/pricing/status: what an appraiser needs to see when prices look wrong. The last success
   * and error are read from the database, as whichever process refreshed (this instance, another,
   * or the worker) stored them; the prices' age is this instance's copy, as it quotes them.
   */
  async status(): Promise<PricingStatus> {
    const stored = await findPriceFeedStatus(this.deps.db, this.deps.feed.provider);
    const { updatedAt } = this.currentMetalSource();
    const stale = this.snapshot().rows.some((r) => r.stale) || updatedAt === null;
    const lastError =
      stored?.lastErrorMessage != null && stored.lastErrorAt !== null
        ? { message: stored.lastErrorMessage, at: stored.lastErrorAt.toISOString() }
        : null;
    return {
      provider: this.deps.feed.provider,
      source: this.deps.feed.source,
      refreshSeconds: Math.round(this.deps.refreshIntervalMs / 1000),
      pricesUpdatedAt: updatedAt?.toISOString() ?? null,
      stale,
      lastSuccessAt: stored?.lastSuccessAt?.toISOString() ?? null,
      lastError,
    };
  }
}
