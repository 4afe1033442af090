// The container recipe (deploy/) cannot be built on the development machines (no Docker engine), so
// this keeps it in step with what `npm run stack` runs: the same variables, processes and nginx rules.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { nginxConfig } from './nginx-config.ts';
import { stackEnvironment } from './stack-environment.ts';

const deployDir = path.resolve(import.meta.dirname, '../deploy');
const read = (name: string) => readFileSync(path.join(deployDir, name), 'utf8');

interface Service {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
  healthcheck?: { disable?: boolean };
  profiles?: string[];
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const service = (name: string): Service => {
  const found = compose.services[name];
  if (!found) throw new Error(`deploy/compose.yaml has no service ${name}`);
  return found;
};

const stackNames = Object.keys(
  stackEnvironment({
    publicUrl: 'https://localhost:8443',
    databaseUrl: 'postgres://postgres@127.0.0.1:5432/assay',
    redisUrl: 'redis://127.0.0.1:6379',
    redisKeyPrefix: 'assay:',
    s3Endpoint: 'http://127.0.0.1:3210',
    s3Bucket: 'assay-photos',
    smtpUrl: 'smtp://127.0.0.1:3225',
    instances: 3,
    adminEmail: 'admin@stack.assay.test',
    sessionSecret: 's'.repeat(43),
    encryptionKey: 'e'.repeat(64),
  }),
);

describe('deploy/compose.yaml', () => {
  it.each(['app', 'worker'])('gives %s the variables of the stack, plus HOST and PORT', (name) => {
    const names = Object.keys(service(name).environment ?? {});
    expect(names.sort()).toEqual([...stackNames, 'HOST', 'PORT'].sort());
  });

  it('runs the server in the app replicas and the jobs in the worker alone', () => {
    const app = service('app');
    expect(app.command).toEqual(['node', 'apps/api/dist/server.js']);
    expect(service('worker').command).toEqual(['node', 'apps/api/dist/worker.js']);
    expect(app.environment).toMatchObject({ BACKGROUND_JOBS: 'worker', STORAGE_DRIVER: 's3', HOST: '0.0.0.0', PORT: '3000' });
    expect(service('worker').image).toBe(app.image);
  });

  it('declares as many INSTANCES as it runs app replicas', () => {
    const replicas = service('app').deploy?.replicas;
    expect(replicas).toBe(3);
    expect(service('app').environment?.INSTANCES).toBe(String(replicas));
    expect(service('worker').environment?.INSTANCES).toBe(String(replicas));
  });

  it('creates the bucket the app writes to before the app starts', () => {
    const bucket = service('app').environment?.S3_BUCKET;
    expect(JSON.stringify(service('createbucket'))).toContain(`mc mb --ignore-existing assay/${bucket}`);
    expect(service('app').depends_on?.createbucket?.condition).toBe('service_completed_successfully');
  });

  it('has the services of the stack', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['app', 'createbucket', 'mailpit', 'minio', 'nginx', 'postgres', 'redis', 'worker'].sort(),
    );
    expect(service('worker').healthcheck?.disable).toBe(true);
  });

  it('sends e-mail only through the relay the operator names; the mail sink runs only for a trial', () => {
    expect(service('app').environment?.SMTP_URL).toMatch(/^\$\{SMTP_URL:\?set SMTP_URL to your mail relay/);
    expect(service('mailpit').profiles).toEqual(['trial']);
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile.split('\n').filter((line) => /^[A-Z]+ /.test(line));

  it('builds in one stage and runs from another, as the non-root node user', () => {
    expect(instructions.filter((line) => line.startsWith('FROM node:20-bookworm-slim AS ')).length).toBeGreaterThanOrEqual(2);
    expect(instructions.filter((line) => line.startsWith('USER '))).toEqual(['USER node']);
    expect(dockerfile).toContain('npm ci --omit=dev');
  });

  it("copies the whole server bundle, which holds the operator's commands, and says how to run them", () => {
    const build = readFileSync(path.resolve(import.meta.dirname, '../apps/api/scripts/build.mjs'), 'utf8');
    for (const command of ['admin', 'keys', 'migrate', 'sanctions-load', 'seed']) {
      expect(build, `build.mjs bundles ${command}`).toMatch(new RegExp(`'?${command}'?: '[^']+\\.ts'`));
      expect(dockerfile).toContain(`${command}.js`);
    }
    expect(instructions).toContain('COPY --from=build /app/apps/api/dist apps/api/dist');
    expect(read('compose.yaml')).toContain('docker compose run --rm app node apps/api/dist/migrate.js');
    expect(read('compose.yaml')).toContain('node apps/api/dist/sanctions-load.js');
  });

  it('checks /readyz and starts the server by default', () => {
    expect(instructions.some((line) => line.startsWith('HEALTHCHECK '))).toBe(true);
    expect(dockerfile).toContain('/readyz');
    expect(instructions.at(-1)).toBe('CMD ["node", "apps/api/dist/server.js"]');
  });
});

describe('deploy/nginx.conf', () => {
  const deployed = read('nginx.conf');
  const generated = nginxConfig({
    httpsPort: 443,
    appPorts: [3000, 3001, 3002],
    certificateFile: '/tls/server.crt',
    keyFile: '/tls/server.key',
    workDir: '/nginx',
  });

  it('proxies every request as the stack does (retries, headers, body size)', () => {
    const location = generated.slice(
      generated.indexOf('location / {'),
      generated.indexOf('}', generated.indexOf('location / {')),
    );
    const directives = location
      .split('\n')
      .slice(1)
      .map((line) => line.trim())
      .filter(Boolean);
    expect(directives).toContain('proxy_next_upstream error timeout http_502 http_504;');
    for (const directive of [...directives, 'client_max_body_size 11m;', 'keepalive 32;', 'ssl_protocols TLSv1.2 TLSv1.3;']) {
      expect(deployed).toContain(directive);
    }
    expect(deployed).not.toContain('non_idempotent');
  });

  it('passes, answers and logs the request id as the stack does', () => {
    for (const conf of [generated, deployed]) {
      expect(conf).toContain('proxy_set_header X-Request-Id $request_id;');
      expect(conf).toContain('proxy_hide_header X-Request-Id;');
      expect(conf).toContain('add_header X-Request-Id $request_id always;');
      expect(conf).toContain("'upstream=$upstream_addr upstream_status=$upstream_status request_id=$request_id';");
      expect(conf).not.toContain('$http_x_request_id');
    }
  });

  it('balances round-robin over the app replicas, each left out for a while when it fails', () => {
    expect(generated).toContain(' max_fails=1 fail_timeout=3s;');
    expect(deployed).toContain('server app:3000 max_fails=1 fail_timeout=3s;');
    expect(deployed).not.toMatch(/least_conn|ip_hash|hash /);
  });

  it('trusts X-Forwarded-For from nginx alone', () => {
    expect(service('app').environment?.TRUST_PROXY).toBe('172.28.0.10');
    expect(read('compose.yaml')).toContain('ipv4_address: 172.28.0.10');
  });
});
