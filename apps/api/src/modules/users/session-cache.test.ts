import { describe, expect, it } from 'vitest';
import type { Actor } from '../../access/actor.ts';
import { SessionCache } from './session-cache.ts';

const actor = (id: string): Actor => ({
  id,
  email: `${id}@assay.test`,
  firstName: null,
  lastName: null,
  isAdmin: false,
  isPremium: false,
  twoFactorEnabled: false,
  secondFactorAt: null,
});

function cacheAt(start = 1_000_000) {
  let now = start;
  const cache = new SessionCache(() => now, 30_000, 3);
  return { cache, advance: (ms: number) => (now += ms), now: () => now };
}

describe('SessionCache', () => {
  it('answers nothing until it is live, and forgets everything when it goes dark', () => {
    const { cache, now } = cacheAt();
    const session = { actor: actor('u1'), expiresAtMs: now() + 60_000, refreshDueAtMs: now() + 60_000 };
    cache.set('t1', session, cache.ticket());
    expect(cache.get('t1')).toBeNull();
    cache.goLive();
    cache.set('t1', session, cache.ticket());
    expect(cache.get('t1')).toEqual(actor('u1'));
    cache.goDark();
    expect(cache.get('t1')).toBeNull();
    cache.goLive();
    expect(cache.get('t1')).toBeNull();
  });

  it('keeps an entry for its time to live, and never past the session expiry or its refresh', () => {
    const { cache, now, advance } = cacheAt();
    cache.goLive();
    cache.set('long', { actor: actor('u1'), expiresAtMs: now() + 3_600_000, refreshDueAtMs: now() + 3_600_000 }, cache.ticket());
    cache.set('expiring', { actor: actor('u2'), expiresAtMs: now() + 10_000, refreshDueAtMs: now() + 3_600_000 }, cache.ticket());
    cache.set('sliding', { actor: actor('u3'), expiresAtMs: now() + 3_600_000, refreshDueAtMs: now() + 5_000 }, cache.ticket());
    advance(5_000);
    expect(cache.get('sliding')).toBeNull();
    expect(cache.get('expiring')).not.toBeNull();
    advance(5_000);
    expect(cache.get('expiring')).toBeNull();
    advance(19_999);
    expect(cache.get('long')).not.toBeNull();
    advance(1);
    expect(cache.get('long')).toBeNull();
  });

  it("forgets every session of a user, and no one else's", () => {
    const { cache, now } = cacheAt();
    cache.goLive();
    const far = { expiresAtMs: now() + 60_000, refreshDueAtMs: now() + 60_000 };
    cache.set('a1', { actor: actor('a'), ...far }, cache.ticket());
    cache.set('a2', { actor: actor('a'), ...far }, cache.ticket());
    cache.set('b1', { actor: actor('b'), ...far }, cache.ticket());
    expect(cache.userOf('a2')).toBe('a');
    cache.forgetUser('a');
    expect([cache.get('a1'), cache.get('a2')]).toEqual([null, null]);
    expect(cache.get('b1')).toEqual(actor('b'));
  });

  it('does not keep a row read before a change it heard meanwhile', () => {
    const { cache, now } = cacheAt();
    cache.goLive();
    const far = { expiresAtMs: now() + 60_000, refreshDueAtMs: now() + 60_000 };
    const ticket = cache.ticket();
    // The lookup is in flight when the user signs out elsewhere.
    cache.forgetUser('a');
    cache.set('a1', { actor: actor('a'), ...far }, ticket);
    expect(cache.get('a1')).toBeNull();
  });

  it('holds at most its size, letting the entry stored longest ago go first', () => {
    const { cache, now } = cacheAt();
    cache.goLive();
    const far = { expiresAtMs: now() + 60_000, refreshDueAtMs: now() + 60_000 };
    for (const id of ['1', '2', '3', '4']) cache.set(`t${id}`, { actor: actor(id), ...far }, cache.ticket());
    expect(cache.size).toBe(3);
    expect(cache.get('t1')).toBeNull();
    expect(cache.get('t4')).toEqual(actor('4'));
    expect(cache.userOf('t1')).toBeNull();
  });
});
