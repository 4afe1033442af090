import { describe, expect, it } from 'vitest';
import { nginxConfig } from './nginx-config.ts';

const settings = {
  httpsPort: 8443,
  appPorts: [3201, 3202, 3203],
  certificateFile: '/s/tls/server.crt',
  keyFile: '/s/tls/server.key',
  workDir: '/s/nginx',
};

describe('nginxConfig', () => {
  it('balances every instance round-robin, each taken out for a while when it fails', () => {
    const conf = nginxConfig(settings);
    expect(conf.match(/^\s+server 127\.0\.0\.1:\d+ max_fails=1 fail_timeout=3s;$/gm)).toEqual([
      '    server 127.0.0.1:3201 max_fails=1 fail_timeout=3s;',
      '    server 127.0.0.1:3202 max_fails=1 fail_timeout=3s;',
      '    server 127.0.0.1:3203 max_fails=1 fail_timeout=3s;',
    ]);
    // Round-robin is nginx's default: no other balancing method is named.
    expect(conf).not.toMatch(/least_conn|ip_hash|hash /);
  });

  it('serves HTTPS on loopback only and tells the app the client and the scheme', () => {
    const conf = nginxConfig(settings);
    expect(conf).toContain('listen 127.0.0.1:8443 ssl http2;');
    expect(conf).toContain('listen [::1]:8443 ssl http2;');
    expect(conf).not.toMatch(/listen (?!127\.0\.0\.1:|\[::1\]:)/);
    expect(conf).toContain('ssl_certificate /s/tls/server.crt;');
    expect(conf).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(conf).toContain('proxy_set_header X-Forwarded-Proto https;');
  });

  it('tries the next instance on a refused connection or a 502/504, but never resends a POST it handed over', () => {
    const conf = nginxConfig(settings);
    expect(conf).toContain('proxy_next_upstream error timeout http_502 http_504;');
    expect(conf).not.toContain('non_idempotent');
    expect(conf).toContain('proxy_next_upstream_tries 3;');
    expect(conf).toContain('add_header X-Assay-Upstream $upstream_addr always;');
  });

  it('gives each request its own id: sent to the instance, named in the answer and in the access log', () => {
    const conf = nginxConfig(settings);
    expect(conf).toContain('proxy_set_header X-Request-Id $request_id;');
    // The instance names the id too; nginx's header replaces its copy, so the answer has one.
    expect(conf).toContain('proxy_hide_header X-Request-Id;');
    expect(conf).toContain('add_header X-Request-Id $request_id always;');
    expect(conf).toMatch(/log_format assay [^;]* request_id=\$request_id';/);
    // A client's own X-Request-Id is never passed on.
    expect(conf).not.toContain('$http_x_request_id');
  });

  it('lets a 10 MiB photo through', () => {
    expect(nginxConfig(settings)).toContain('client_max_body_size 11m;');
  });

  it('refuses a stack without instances', () => {
    expect(() => nginxConfig({ ...settings, appPorts: [] })).toThrow('at least one app instance');
  });
});
