import { describe, expect, it } from 'vitest';
import { decideDemoMode, type DemoModeFacts, isLoopbackAddress, isLoopbackHost, seededDemoExposure } from './demo-mode.ts';

const FRESH: DemoModeFacts = { production: false, demoMode: undefined, host: undefined, embedded: true, trustProxy: undefined };
const decide = (facts: Partial<DemoModeFacts>) => decideDemoMode({ ...FRESH, ...facts });

describe('isLoopbackAddress', () => {
  it('knows 127.0.0.0/8, ::1 and their IPv4-mapped form', () => {
    for (const address of ['127.0.0.1', '127.255.0.9', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::ffff:7f00:1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
  });

  it('refuses every other address, and what is not an address', () => {
    for (const address of ['10.0.0.1', '128.0.0.1', '0.0.0.0', '::', '::ffff:10.0.0.1', 'localhost', '', '127.0.0.1, 10.0.0.1']) {
      expect(isLoopbackAddress(address), address).toBe(false);
    }
  });

  it('takes the name localhost as a loopback HOST', () => {
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('::1')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('assay.example')).toBe(false);
  });
});

describe('decideDemoMode', () => {
  it('is on for a fresh embedded folder with no HOST, which then listens on loopback', () => {
    expect(decide({})).toEqual({
      demo: true,
      host: '127.0.0.1',
      banner: 'on (fresh data folder on loopback): sample accounts with published passwords',
    });
  });

  it('is on with HOST on loopback', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost']) expect(decide({ host })).toMatchObject({ demo: true, host });
  });

  it('is off with HOST not loopback, and the banner says how to turn it on', () => {
    expect(decide({ host: '0.0.0.0' })).toEqual({
      demo: false,
      host: '0.0.0.0',
      banner: 'off (HOST is not loopback; set DEMO_MODE=true to seed sample accounts)',
    });
    expect(decide({ host: '192.168.1.5' }).demo).toBe(false);
  });

  it('is off behind a proxy (TRUST_PROXY) although HOST is loopback: the proxy brings in the network', () => {
    expect(decide({ trustProxy: '127.0.0.1' })).toEqual({
      demo: false,
      host: '127.0.0.1',
      banner: 'off (TRUST_PROXY is set, so visitors come through a proxy; set DEMO_MODE=true to seed sample accounts)',
    });
  });

  it('is off on PostgreSQL unless asked for', () => {
    expect(decide({ embedded: false })).toMatchObject({ demo: false, host: '0.0.0.0' });
    expect(decide({ embedded: false, demoMode: true })).toMatchObject({ demo: true, host: '127.0.0.1' });
  });

  it('is on with DEMO_MODE=true wherever it listens, and says so loudly when others can reach it', () => {
    expect(decide({ demoMode: true })).toEqual({
      demo: true,
      host: '127.0.0.1',
      banner: 'on (DEMO_MODE=true): sample accounts with published passwords, this machine only',
    });
    for (const facts of [{ host: '0.0.0.0' }, { trustProxy: '127.0.0.1' }]) {
      expect(decide({ demoMode: true, ...facts })).toMatchObject({
        demo: true,
        banner: 'ON by DEMO_MODE=true, reachable from the network: anyone who reaches it can sign in as the demo admin',
      });
    }
  });

  it('is off with DEMO_MODE=false, listening everywhere unless HOST says otherwise', () => {
    expect(decide({ demoMode: false })).toEqual({ demo: false, host: '0.0.0.0', banner: 'off (DEMO_MODE=false)' });
    expect(decide({ demoMode: false, host: '127.0.0.1' })).toMatchObject({ demo: false, host: '127.0.0.1' });
  });

  it('is never on in production', () => {
    expect(decide({ production: true })).toEqual({ demo: false, host: '0.0.0.0', banner: 'off (production)' });
    expect(decide({ production: true, demoMode: true, host: '127.0.0.1' })).toMatchObject({ demo: false });
  });
});

describe('seededDemoExposure', () => {
  const exposure = (facts: Partial<DemoModeFacts>, seeded = true) =>
    seededDemoExposure({ ...FRESH, ...facts }, decide(facts), seeded);

  it('refuses to serve the demo accounts of a seeded folder to others with the demo off', () => {
    for (const facts of [{ host: '0.0.0.0' }, { trustProxy: '127.0.0.1' }, { production: true, host: '127.0.0.1' }]) {
      expect(exposure(facts), JSON.stringify(facts)).toMatch(
        /^This data folder holds the demo .* start on a fresh DATA_DIR for real use, or set DEMO_MODE=true/,
      );
    }
    expect(exposure({ host: '0.0.0.0' })).toContain('demo mode is off (HOST is not loopback;');
  });

  it('lets a start go on when the demo is on, nobody else can reach it, or the folder holds no demo', () => {
    expect(exposure({})).toBeNull();
    expect(exposure({ demoMode: true, host: '0.0.0.0' })).toBeNull();
    expect(exposure({ demoMode: false, host: '127.0.0.1' })).toBeNull();
    expect(exposure({ host: '0.0.0.0' }, false)).toBeNull();
  });
});
