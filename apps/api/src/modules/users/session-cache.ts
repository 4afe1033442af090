// Sessions already looked up, kept for a short while so that a signed-in request needs no query
// for who is asking. It may only answer while this process hears every change to sessions and
// users: database triggers signal each one (migration 0018, db/change-signals.ts), and the auth
// plugin switches the cache on when its listener is connected and off, emptied, the moment it is
// not. The embedded database hears its own changes before the write that made them resolves
// (db/change-signals.ts listenInProcess), so the cache is live there too.
import type { Actor } from '../../access/actor.ts';

export interface CachedSession {
  actor: Actor;
  /** The session row's expiry: past it the session is over whatever the cache holds. */
  expiresAtMs: number;
  /** When better-auth would slide the session's expiry forward: the lookup must reach it then. */
  refreshDueAtMs: number;
}

interface Entry extends CachedSession {
  storedAtMs: number;
}

export const SESSION_CACHE_TTL_MS = 30_000;
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

export class SessionCache {
  private readonly byToken = new Map<string, Entry>();
  private readonly tokensOfUser = new Map<string, Set<string>>();
  private live = false;
  /** Moves on every forgetting, so a lookup that raced with a change is not stored. */
  private changes = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
  ) {}

  /** Whether changes are being heard, so that what the cache holds can be trusted. */
  get isLive(): boolean {
    return this.live;
  }

  /** Changes are heard from now on; what was held before may have missed some. */
  goLive(): void {
    this.clear();
    this.live = true;
  }

  /** Changes can no longer be heard: nothing is answered from memory until they can. */
  goDark(): void {
    this.live = false;
    this.clear();
  }

  get(token: string): Actor | null {
    if (!this.live) return null;
    const entry = this.byToken.get(token);
    if (!entry) return null;
    const now = this.now();
    if (now >= entry.storedAtMs + this.ttlMs || now >= entry.expiresAtMs || now >= entry.refreshDueAtMs) {
      this.forgetToken(token);
      return null;
    }
    return entry.actor;
  }

  /**
   * Taken before reading a session from the database, and given back to `set`: if a change was
   * heard meanwhile, the row read may be older than it, so it is not kept.
   */
  ticket(): number {
    return this.changes;
  }

  set(token: string, session: CachedSession, ticket: number): void {
    if (!this.live || ticket !== this.changes) return;
    this.forgetToken(token);
    if (this.byToken.size >= this.maxEntries) {
      // Maps keep insertion order: the first key is the entry stored longest ago.
      const oldest = this.byToken.keys().next().value;
      if (oldest !== undefined) this.forgetToken(oldest);
    }
    this.byToken.set(token, { ...session, storedAtMs: this.now() });
    const tokens = this.tokensOfUser.get(session.actor.id) ?? new Set<string>();
    tokens.add(token);
    this.tokensOfUser.set(session.actor.id, tokens);
  }

  /** A user's sessions or account row changed: every session of theirs is looked up again. */
  forgetUser(userId: string): void {
    this.changes += 1;
    for (const token of this.tokensOfUser.get(userId) ?? []) this.byToken.delete(token);
    this.tokensOfUser.delete(userId);
  }

  /** The user whose session this token is, when held (to forget them after a sign-out, say). */
  userOf(token: string): string | null {
    return this.byToken.get(token)?.actor.id ?? null;
  }

  get size(): number {
    return this.byToken.size;
  }

  private forgetToken(token: string): void {
    const entry = this.byToken.get(token);
    if (!entry) return;
    this.byToken.delete(token);
    const tokens = this.tokensOfUser.get(entry.actor.id);
    tokens?.delete(token);
    if (tokens?.size === 0) this.tokensOfUser.delete(entry.actor.id);
  }

  private clear(): void {
    this.changes += 1;
    this.byToken.clear();
    this.tokensOfUser.clear();
  }
}
