import { describe, expect, it } from 'vitest';
import { isDemoMode, listenHost } from './boot.ts';
import { PRODUCTION_ENV } from '../test/support/production-env.ts';
import { loadConfig } from './config.ts';

const PRODUCTION = { ...PRODUCTION_ENV, DATABASE_URL: 'postgres://db.internal/assay' };

describe('listenHost', () => {
  it('keeps demo mode on this machine unless HOST says otherwise', () => {
    expect(isDemoMode(loadConfig({}))).toBe(true);
    expect(listenHost(loadConfig({}))).toBe('127.0.0.1');
    expect(listenHost(loadConfig({ DATABASE_URL: 'postgres://localhost/assay', DEMO_MODE: 'true' }))).toBe('127.0.0.1');
    expect(listenHost(loadConfig({ HOST: '0.0.0.0' }))).toBe('0.0.0.0');
    expect(listenHost(loadConfig({ HOST: '::1' }))).toBe('::1');
  });

  it('listens on every interface outside demo mode, as a container or a load balancer needs', () => {
    expect(listenHost(loadConfig(PRODUCTION))).toBe('0.0.0.0');
    expect(listenHost(loadConfig({ DATABASE_URL: 'postgres://localhost/assay' }))).toBe('0.0.0.0');
    expect(listenHost(loadConfig({ DEMO_MODE: 'false' }))).toBe('0.0.0.0');
    expect(listenHost(loadConfig({ ...PRODUCTION, HOST: '10.0.0.7' }))).toBe('10.0.0.7');
  });
});
