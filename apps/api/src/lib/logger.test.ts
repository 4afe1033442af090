import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, requestChildLogger, scrubUrl } from './logger.ts';

/** A pino logger with the app's options (no timestamps, so lines compare) and the lines it wrote. */
function capturedLogger(options: pino.LoggerOptions = loggerOptions('info') as pino.LoggerOptions) {
  const lines: string[] = [];
  const stream = { write: (line: string) => void lines.push(line) };
  return { logger: pino({ ...options, timestamp: false, base: { pid: 1 } }, stream), lines };
}

describe('logs', () => {
  it('scrub reset tokens and OAuth codes from URLs', () => {
    expect(scrubUrl('/api/identity/reset-password/abc123?callbackURL=%2Freset')).toBe(
      '/api/identity/reset-password/[redacted]?callbackURL=[redacted]',
    );
    expect(scrubUrl('/api/identity/oauth2/callback/oidc?code=xyz&state=s1')).toBe(
      '/api/identity/oauth2/callback/oidc?code=[redacted]&state=[redacted]',
    );
  });

  it('never contain passwords, cookies or bank numbers', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const options = loggerOptions('info') as object;
    const app = Fastify({ logger: { ...options, stream } });
    app.post('/x', async (request) => {
      request.log.info({ body: request.body, req: request }, 'got');
      request.log.info(
        {
          secrets: {
            sessionSecret: 'session-topsecret',
            encryptionKey: 'e'.repeat(64),
            previousEncryptionKeys: ['d'.repeat(64)],
          },
        },
        'keys',
      );
      return { ok: true };
    });
    await app.inject({
      method: 'POST',
      url: '/x',
      headers: { cookie: 'session=topsecret', authorization: 'Bearer tok' },
      payload: { password: 'hunter2-hunter2', accountNumber: '000123456789', routingNumber: '011000015' },
    });
    await app.close();
    const text = lines.join('');
    expect(text).toContain('"got"');
    expect(text).toContain('"keys"');
    for (const secret of ['hunter2', '000123456789', '011000015', 'topsecret', 'Bearer tok', 'e'.repeat(64), 'd'.repeat(64)]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe("a request's logger", () => {
  const awkward = ['req-1', 'req-"quoted"\\', 'req-\u00e9\u2028\ud83d\ude00</script>'];

  it('writes the same lines as pino would bind them itself', () => {
    for (const reqId of awkward) {
      const ours = capturedLogger();
      const pinos = capturedLogger();
      const entry = { req: { method: 'GET', url: '/api/x?token=t0p', id: reqId }, body: { password: 'hunter2' } };
      requestChildLogger(ours.logger, { reqId }, {}).info(entry, 'incoming request');
      pinos.logger.child({ reqId }, {}).info(entry, 'incoming request');
      expect(ours.lines).toEqual(pinos.lines);
      expect(JSON.parse(ours.lines[0]!)).toMatchObject({
        reqId,
        req: { url: '/api/x?token=[redacted]' },
        body: { password: '[redacted]' },
      });
    }
  });

  it("follows the parent's bindings when they change after a first request", () => {
    const ours = capturedLogger();
    const pinos = capturedLogger();
    requestChildLogger(ours.logger, { reqId: 'req-1' }, {}).info('before');
    pinos.logger.child({ reqId: 'req-1' }).info('before');
    ours.logger.setBindings({ instance: 'b' });
    pinos.logger.setBindings({ instance: 'b' });
    requestChildLogger(ours.logger, { reqId: 'req-2' }, {}).info('after');
    pinos.logger.child({ reqId: 'req-2' }).info('after');
    expect(ours.lines).toEqual(pinos.lines);
    expect(JSON.parse(ours.lines[1]!)).toMatchObject({ instance: 'b', reqId: 'req-2' });
  });

  it('leaves to pino a binding that a redaction path names, options and anything but strings', () => {
    const { logger, lines } = capturedLogger({ redact: { paths: ['reqId'], censor: '[redacted]' } });
    requestChildLogger(logger, { reqId: 'req-1' }, {}).info('censored');
    requestChildLogger(capturedLogger().logger, { reqId: 'req-2' }, { level: 'warn' }).info('below its own level');
    requestChildLogger(logger, { attempt: 2 } as Record<string, unknown>, {}).warn('a number');
    expect(lines.map((line) => JSON.parse(line) as object)).toEqual([
      { level: 30, pid: 1, reqId: '[redacted]', msg: 'censored' },
      { level: 40, pid: 1, attempt: 2, msg: 'a number' },
    ]);
  });
});
