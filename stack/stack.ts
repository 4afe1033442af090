// The local production stack (`npm run stack`, and under `npm run stack:test`): nginx in front of
// three app instances and one worker, on a scratch database of the local PostgreSQL, s3rver, an
// SMTP sink and the local Redis, every process on 127.0.0.1. Only Debian's packages and npm's.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import S3rver from 's3rver';
import { startMailSink, type MailSink } from './mail-sink.ts';
import { nginxConfig, nginxTempFolders } from './nginx-config.ts';
import { newStackSecrets, stackEnvironment } from './stack-environment.ts';
import { SupervisedProcess } from './supervised-process.ts';
import { makeStackCertificates } from './tls.ts';

export const repoRoot = path.resolve(import.meta.dirname, '..');

export interface StackOptions {
  /** nginx's HTTPS port (STACK_PORT, 8443). */
  httpsPort?: number;
  /** The first app instance's port; the others follow (STACK_FIRST_APP_PORT, 3201). */
  firstAppPort?: number;
  instances?: number;
  /** A database of this server is created for the run and dropped after (STACK_POSTGRES_URL). */
  postgresUrl?: string;
  redisUrl?: string;
  /** Where logs, certificates and s3rver's files go (.stack/ in the repository). */
  dir?: string;
  /** Say what is happening, for `npm run stack`. */
  say?: (line: string) => void;
}

export interface Stack {
  url: string;
  caFile: string;
  /** The SMTP sink's messages, over HTTP. */
  mailUrl: string;
  mail: MailSink;
  databaseUrl: string;
  adminEmail: string;
  instances: SupervisedProcess[];
  worker: SupervisedProcess;
  nginx: SupervisedProcess;
  logDir: string;
  /** A GET through nginx, trusting the stack's authority. */
  get(pathname: string): Promise<{ status: number; body: string }>;
  stop(): Promise<void>;
}

const env = (name: string) => (process.env[name]?.trim() ? process.env[name]!.trim() : undefined);

/** The machine's own PostgreSQL and Redis, unless STACK_POSTGRES_URL / STACK_REDIS_URL say otherwise. */
const defaultPostgresUrl = () => env('STACK_POSTGRES_URL') ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const defaultRedisUrl = () => env('STACK_REDIS_URL') ?? 'redis://127.0.0.1:6379';

function findNginx(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  throw new Error('The stack needs nginx from Debian: apt-get install -y nginx-light');
}

/** What the stack needs and this machine lacks, each with how to get it; empty when all is there. */
export async function missingStackServices(): Promise<string[]> {
  const missing: string[] = [];
  try {
    findNginx();
  } catch (err) {
    missing.push((err as Error).message);
  }
  const postgresUrl = defaultPostgresUrl();
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
  } catch (err) {
    missing.push(`no PostgreSQL at ${postgresUrl} (STACK_POSTGRES_URL): ${(err as Error).message}`);
  }
  const redisUrl = defaultRedisUrl();
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 3_000,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    missing.push(`no Redis at ${redisUrl} (STACK_REDIS_URL): ${(err as Error).message}`);
  } finally {
    redis.disconnect();
  }
  return missing;
}

async function httpStatus(url: string): Promise<number> {
  const answer = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  await answer.body?.cancel();
  return answer.status;
}

export function httpsGet(
  url: string,
  ca: Buffer | string,
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { ca, timeout: 5_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: response.headers }),
      );
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const say = options.say ?? (() => undefined);
  const nginxBinary = findNginx();
  const serverJs = path.join(repoRoot, 'apps/api/dist/server.js');
  const workerJs = path.join(repoRoot, 'apps/api/dist/worker.js');
  if (!existsSync(serverJs) || !existsSync(workerJs) || !existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('Build Assay first: npm run build (npm run stack does it).');
  }
  const httpsPort = options.httpsPort ?? Number(env('STACK_PORT') ?? 8443);
  const firstAppPort = options.firstAppPort ?? Number(env('STACK_FIRST_APP_PORT') ?? 3201);
  const instanceCount = options.instances ?? 3;
  const appPorts = Array.from({ length: instanceCount }, (_, i) => firstAppPort + i);
  const s3Port = firstAppPort + 9;
  const smtpPort = firstAppPort + 24;
  const mailHttpPort = firstAppPort + 25;
  const postgresUrl = options.postgresUrl ?? defaultPostgresUrl();
  const redisUrl = options.redisUrl ?? defaultRedisUrl();
  const baseDir = options.dir ?? path.join(repoRoot, '.stack');
  const runId = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
  const runDir = path.join(baseDir, 'last-run');
  rmSync(runDir, { recursive: true, force: true });
  const logDir = path.join(runDir, 'logs');
  const nginxDir = path.join(runDir, 'nginx');
  for (const dir of [logDir, path.join(nginxDir, 'logs'), ...nginxTempFolders.map((t) => path.join(nginxDir, 'temp', t))]) {
    mkdirSync(dir, { recursive: true });
  }

  const cleanups: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((err: unknown) => console.error(err));
  };
  try {
    // The scratch database.
    const databaseName = `assay_stack_${runId}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect().catch((err: Error) => {
      throw new Error(`The stack needs PostgreSQL at ${postgresUrl} (STACK_POSTGRES_URL): ${err.message}`);
    });
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const databaseUrl = Object.assign(new URL(postgresUrl), { pathname: `/${databaseName}` }).toString();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`drop database if exists ${databaseName} with (force)`);
      await c.end();
    });
    say(`  database:  ${databaseName} on ${new URL(postgresUrl).host} (dropped at the end)`);

    // Redis: the local server, under a prefix of this run's own.
    const redisKeyPrefix = `assay-stack-${runId}:`;
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect().catch((err: Error) => {
      throw new Error(`The stack needs Redis at ${redisUrl} (STACK_REDIS_URL): ${err.message}`);
    });
    await redis.ping();
    cleanups.push(async () => {
      const keys = await redis.keys(`${redisKeyPrefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    });
    say(`  redis:     ${redisUrl} (keys under ${redisKeyPrefix})`);

    // S3: s3rver keeps its bucket in the run's folder.
    const s3Bucket = 'assay-photos';
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: s3Port,
      silent: true,
      directory: path.join(runDir, 's3'),
      configureBuckets: [{ name: s3Bucket }],
    });
    await s3.run();
    cleanups.push(async () => {
      s3.httpServer?.closeAllConnections();
      await s3.close();
    });
    say(`  s3:        s3rver on http://127.0.0.1:${s3Port}, bucket ${s3Bucket}`);

    const mail = await startMailSink({ smtp: smtpPort, http: mailHttpPort });
    cleanups.push(() => mail.close());
    const mailUrl = `http://127.0.0.1:${mail.httpPort}/messages`;
    say(`  e-mail:    SMTP sink on 127.0.0.1:${mail.smtpPort}; read it at ${mailUrl}`);

    const tls = makeStackCertificates(path.join(baseDir, 'tls'));
    const ca = readFileSync(tls.caFile);
    const publicUrl = `https://localhost:${httpsPort}`;
    const adminEmail = 'admin@stack.assay.test';
    const shared = stackEnvironment({
      publicUrl,
      databaseUrl,
      redisUrl,
      redisKeyPrefix,
      s3Endpoint: `http://127.0.0.1:${s3Port}`,
      s3Bucket,
      smtpUrl: `smtp://127.0.0.1:${mail.smtpPort}`,
      instances: instanceCount,
      adminEmail,
      ...newStackSecrets(),
    });
    const baseEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...shared };

    const appProcess = (port: number, i: number) =>
      new SupervisedProcess({
        name: `app-${i + 1}`,
        command: process.execPath,
        args: [serverJs],
        cwd: repoRoot,
        env: { ...baseEnv, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: path.join(runDir, `app-${i + 1}`) },
        logFile: path.join(logDir, `app-${i + 1}.log`),
        ready: async () => (await httpStatus(`http://127.0.0.1:${port}/readyz`)) === 200,
      });
    const instances = appPorts.map(appProcess);
    const worker = new SupervisedProcess({
      name: 'worker',
      command: process.execPath,
      args: [workerJs],
      cwd: repoRoot,
      env: { ...baseEnv, LOG_LEVEL: 'info', DATA_DIR: path.join(runDir, 'worker') },
      logFile: path.join(logDir, 'worker.log'),
      ready: async () => {
        const log = readFileSync(path.join(logDir, 'worker.log'), 'utf8');
        return log.slice(log.lastIndexOf('--- ')).includes('job worker started');
      },
    });
    cleanups.push(async () => {
      await Promise.all([...instances, worker].map((p) => p.stop({ timeoutMs: 40_000 })));
      for (const p of [...instances, worker]) p.closeLog();
    });

    // The first instance migrates the scratch database; the others and the worker then start together.
    await instances[0]!.start();
    await Promise.all([...instances.slice(1).map((p) => p.start()), worker.start()]);
    for (const [i, port] of appPorts.entries()) say(`  app-${i + 1}:     http://127.0.0.1:${port} (pid ${instances[i]!.pid})`);
    say(`  worker:    pid ${worker.pid} (every background job)`);

    const confFile = path.join(nginxDir, 'nginx.conf');
    writeFileSync(
      confFile,
      nginxConfig({ httpsPort, appPorts, certificateFile: tls.certificateFile, keyFile: tls.keyFile, workDir: nginxDir }),
    );
    execFileSync(nginxBinary, ['-t', '-q', '-c', confFile, '-p', nginxDir, '-g', 'daemon off;'], { stdio: 'pipe' });
    const nginx = new SupervisedProcess({
      name: 'nginx',
      command: nginxBinary,
      args: ['-c', confFile, '-p', nginxDir, '-g', 'daemon off;'],
      cwd: nginxDir,
      env: { PATH: process.env.PATH },
      logFile: path.join(logDir, 'nginx.log'),
      ready: async () => (await httpsGet(`https://127.0.0.1:${httpsPort}/healthz`, ca)).status === 200,
      readyTimeoutMs: 20_000,
    });
    await nginx.start();
    // nginx first, so that no request reaches an instance that is going away.
    cleanups.push(async () => {
      await nginx.stop({ signal: 'SIGQUIT', timeoutMs: 10_000 });
      nginx.closeLog();
    });
    say(`  nginx:     ${publicUrl} -> ${appPorts.length} instances, round-robin`);

    return {
      url: publicUrl,
      caFile: tls.caFile,
      mailUrl,
      mail,
      databaseUrl,
      adminEmail,
      instances,
      worker,
      nginx,
      logDir,
      get: (pathname) => httpsGet(`https://127.0.0.1:${httpsPort}${pathname}`, ca),
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
