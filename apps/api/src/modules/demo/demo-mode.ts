// Whether this start is a demo (sample accounts whose passwords are printed and published, seeded
// submissions, the demo mailbox) and where it listens: the one place that decides both (DECISIONS
// "Staff and demo safety", decision 022). A demo admin with a published password is an admin for
// anyone who can reach the app, so the demo is on by itself only where nobody else can: the
// embedded default on a loopback address, with no proxy bringing in visitors from the network.
// Anything else takes an explicit DEMO_MODE=true, which production refuses (config.ts).
import { BlockList, isIP } from 'node:net';

export const LOOPBACK_HOST = '127.0.0.1';
const EVERY_INTERFACE = '0.0.0.0';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
// An IPv4 loopback address as a dual-stack socket reports it (::ffff:127.0.0.1).
loopback.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/** 127.0.0.0/8, ::1 or ::ffff:127.x.x.x; anything that is not an IP address is not loopback. */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && loopback.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** A HOST that only this machine can reach: a loopback address, or the name `localhost`. */
export function isLoopbackHost(host: string): boolean {
  return host.trim().toLowerCase() === 'localhost' || isLoopbackAddress(host.trim());
}

export interface DemoModeFacts {
  production: boolean;
  /** DEMO_MODE: true or false when set, undefined when not. */
  demoMode: boolean | undefined;
  /** HOST when set. */
  host: string | undefined;
  /** No DATABASE_URL: the embedded database in DATA_DIR, the newcomer's default. */
  embedded: boolean;
  /** TRUST_PROXY when set: a proxy forwards visitors, so a loopback HOST still serves the network. */
  trustProxy: string | undefined;
}

export interface DemoModeDecision {
  demo: boolean;
  /** The address to listen on. */
  host: string;
  /** The start banner's line, saying why. */
  banner: string;
}

const TO_SEED = 'set DEMO_MODE=true to seed sample accounts';

export function decideDemoMode(facts: DemoModeFacts): DemoModeDecision {
  const off = (why: string, host: string) => ({ demo: false, host, banner: `off (${why})` });
  if (facts.production) return off('production', facts.host ?? EVERY_INTERFACE);
  if (facts.demoMode === false) return off('DEMO_MODE=false', facts.host ?? EVERY_INTERFACE);
  if (facts.demoMode === true) {
    const host = facts.host ?? LOOPBACK_HOST;
    const reachable = !isLoopbackHost(host) || facts.trustProxy !== undefined;
    return {
      demo: true,
      host,
      banner: reachable
        ? 'ON by DEMO_MODE=true, reachable from the network: anyone who reaches it can sign in as the demo admin'
        : 'on (DEMO_MODE=true): sample accounts with published passwords, this machine only',
    };
  }
  if (!facts.embedded) return off(`DATABASE_URL is set; ${TO_SEED}`, facts.host ?? EVERY_INTERFACE);
  // The embedded default keeps to this machine unless HOST says otherwise, demo or not: a proxy on
  // this machine forwards to it there.
  const host = facts.host ?? LOOPBACK_HOST;
  if (!isLoopbackHost(host)) return off(`HOST is not loopback; ${TO_SEED}`, host);
  if (facts.trustProxy !== undefined) return off(`TRUST_PROXY is set, so visitors come through a proxy; ${TO_SEED}`, host);
  return { demo: true, host, banner: 'on (fresh data folder on loopback): sample accounts with published passwords' };
}

/**
 * A data folder seeded as a demo holds the sample accounts and their published passwords. Started
 * again with the demo off because others could reach it (HOST not loopback, a proxy, production),
 * it would serve them those accounts, the demo admin among them: the start is refused with this
 * sentence. Null when the start may go on.
 */
export function seededDemoExposure(facts: DemoModeFacts, decision: DemoModeDecision, seeded: boolean): string | null {
  if (!seeded || decision.demo) return null;
  const reachable = facts.production || facts.trustProxy !== undefined || !isLoopbackHost(decision.host);
  if (!reachable) return null;
  return (
    'This data folder holds the demo (sample accounts whose passwords are published, the demo admin among them), ' +
    `but demo mode is ${decision.banner} and others could reach this server: start on a fresh DATA_DIR for real use, ` +
    'or set DEMO_MODE=true to serve the demo on purpose (never in production).'
  );
}
