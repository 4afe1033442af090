import { describe, expect, it } from 'vitest';
import { demoModeFacts } from './boot.ts';
import { PRODUCTION_ENV } from '../test/support/production-env.ts';
import { ConfigError, loadConfig } from './config/index.ts';
import { decideDemoMode } from './modules/demo/index.ts';

const PRODUCTION = { ...PRODUCTION_ENV, DATABASE_URL: 'postgres://db.internal/assay' };
const demoMode = (env: Record<string, string>) => decideDemoMode(demoModeFacts(loadConfig(env)));

describe('demo mode and the address to listen on, from the environment', () => {
  it('keeps the demo on this machine unless HOST says otherwise', () => {
    expect(demoMode({})).toMatchObject({ demo: true, host: '127.0.0.1' });
    expect(demoMode({ DATABASE_URL: 'postgres://localhost/assay', DEMO_MODE: 'true' })).toMatchObject({
      demo: true,
      host: '127.0.0.1',
    });
    expect(demoMode({ HOST: '::1' })).toMatchObject({ demo: true, host: '::1' });
  });

  it('seeds no sample accounts on a HOST others can reach, or behind a proxy, unless DEMO_MODE=true', () => {
    expect(demoMode({ HOST: '0.0.0.0' })).toMatchObject({ demo: false, host: '0.0.0.0' });
    expect(demoMode({ TRUST_PROXY: '127.0.0.1' })).toMatchObject({ demo: false, host: '127.0.0.1' });
    expect(demoMode({ HOST: '0.0.0.0', DEMO_MODE: 'true' })).toMatchObject({ demo: true, host: '0.0.0.0' });
  });

  it('listens on every interface outside demo mode, as a container or a load balancer needs', () => {
    expect(demoMode(PRODUCTION)).toMatchObject({ demo: false, host: '0.0.0.0' });
    expect(demoMode({ DATABASE_URL: 'postgres://localhost/assay' })).toMatchObject({ demo: false, host: '0.0.0.0' });
    expect(demoMode({ DEMO_MODE: 'false' })).toMatchObject({ demo: false, host: '0.0.0.0' });
    expect(demoMode({ ...PRODUCTION, HOST: '10.0.0.7' })).toMatchObject({ demo: false, host: '10.0.0.7' });
  });

  it('lists DEMO_MODE=true in production among the configuration errors at start', () => {
    expect(() => loadConfig({ ...PRODUCTION, DEMO_MODE: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION, DEMO_MODE: 'true' })).toThrow(
      /DEMO_MODE: DEMO_MODE cannot be enabled in production/,
    );
  });
});
