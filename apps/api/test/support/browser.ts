// Just enough of a browser for a sign-in round trip: one cookie jar per site, redirects followed
// by hand so a test sees (and may tamper with) every hop. Assay is reached through app.inject at
// TEST_ORIGIN; any other origin (the identity provider on loopback) through fetch.
import type { FastifyInstance } from 'fastify';
import { TEST_ORIGIN } from './test-app.ts';

/** Cookies of one site by name; paths and expiry dates are ignored, a deleting Set-Cookie is not. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const deleted = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (deleted) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function setCookiesOf(value: string | string[] | number | undefined): string[] {
  if (value === undefined || typeof value === 'number') return [];
  return Array.isArray(value) ? value : [value];
}

export type Hop = { status: number; location: string | null };

export function startBrowser(app: FastifyInstance) {
  const assayCookies = new CookieJar();
  const providerCookies = new CookieJar();

  /** One GET on Assay; `url` is a path or an absolute URL at TEST_ORIGIN. */
  async function openAssay(url: string | URL) {
    const target = new URL(url, TEST_ORIGIN);
    const res = await app.inject({
      method: 'GET',
      url: target.pathname + target.search,
      headers: { cookie: assayCookies.header() },
    });
    assayCookies.store(setCookiesOf(res.headers['set-cookie']));
    return res;
  }

  async function openProvider(url: URL): Promise<Hop> {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: providerCookies.header() } });
    providerCookies.store(res.headers.getSetCookie());
    await res.arrayBuffer();
    const location = res.headers.get('location');
    return { status: res.status, location: location === null ? null : new URL(location, url).href };
  }

  /**
   * Opens `start` on Assay and follows the redirects through the provider, where the person
   * either signs in as `as` or declines, until the provider sends the browser back to Assay.
   * Answers that URL, not yet opened.
   */
  async function signInAtProvider(start: string, choice: { as: string } | { deny: true }): Promise<URL> {
    const first = await openAssay(start);
    if (first.statusCode !== 302) throw new Error(`${start} answered ${first.statusCode}: ${first.body}`);
    let next = new URL(String(first.headers.location), TEST_ORIGIN);
    for (let hop = 0; next.origin !== TEST_ORIGIN; hop++) {
      if (hop > 10) throw new Error('too many redirects at the provider');
      if (next.pathname.startsWith('/interaction/')) {
        if ('deny' in choice) next.searchParams.set('deny', '1');
        else next.searchParams.set('as', choice.as);
      }
      const answer = await openProvider(next);
      if (!answer.location) throw new Error(`the provider answered ${answer.status} at ${next.href}`);
      next = new URL(answer.location);
    }
    return next;
  }

  return {
    openAssay,
    signInAtProvider,
    hasAssayCookie: (name: string) => assayCookies.has(name),
    me: () => openAssay('/api/auth/user'),
  };
}
