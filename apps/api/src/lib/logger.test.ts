import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, scrubUrl } from './logger.ts';

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
