// The load balancer of the local production stack, as nginx reads it. Open-source nginx checks its
// upstreams passively: an instance that refuses a connection, or answers 502/504, is taken out of
// the round for `failTimeoutSeconds` and the request goes to the next one. A 503 is not a reason:
// an instance answers 503 when the database every instance shares is out of reach, so another
// instance would not do better, and marking them all down would turn the app's sentence into
// nginx's bare 502 (a draining instance refuses new connections, which is an error and retried).
// nginx never resends a request it had already handed over when its method is not idempotent (a
// POST whose answer was lost may have happened): the client sees that 502 and decides. Every
// answer names the instances that were tried (X-Assay-Upstream), so the chaos proof can tell a
// retried request from a served one.

export interface NginxSettings {
  /** The HTTPS port nginx listens on, on loopback (127.0.0.1 and ::1, where a browser may resolve localhost). */
  httpsPort: number;
  /** The app instances' ports, on 127.0.0.1. */
  appPorts: readonly number[];
  certificateFile: string;
  keyFile: string;
  /** nginx's own folder for its pid, logs and buffers (absolute). */
  workDir: string;
  /** Largest request body: a photo is at most 10 MiB. */
  maxBodyMegabytes?: number;
  failTimeoutSeconds?: number;
}

export function nginxConfig(s: NginxSettings): string {
  if (s.appPorts.length === 0) throw new Error('The stack needs at least one app instance behind nginx.');
  const failTimeout = s.failTimeoutSeconds ?? 3;
  const servers = s.appPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=${failTimeout}s;`);
  const temp = (name: string) => `${s.workDir}/temp/${name}`;
  return `# Written by the stack (stack/nginx-config.ts) for this run; edits are lost.
worker_processes 1;
pid ${s.workDir}/nginx.pid;
error_log ${s.workDir}/logs/nginx-error.log warn;

events {
  worker_connections 1024;
}

http {
  log_format assay '$remote_addr [$time_local] "$request" $status $request_time '
                   'upstream=$upstream_addr upstream_status=$upstream_status request_id=$request_id';
  access_log ${s.workDir}/logs/nginx-access.log assay;
  client_body_temp_path ${temp('client-body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  client_max_body_size ${s.maxBodyMegabytes ?? 11}m;
  # A phone photo is read into memory, not a temporary file, before it goes to an instance.
  client_body_buffer_size 1m;
  server_tokens off;

  upstream assay_app {
${servers.join('\n')}
    keepalive 32;
  }

  server {
    listen 127.0.0.1:${s.httpsPort} ssl http2;
    listen [::1]:${s.httpsPort} ssl http2;
    server_name localhost;
    ssl_certificate ${s.certificateFile};
    ssl_certificate_key ${s.keyFile};
    ssl_protocols TLSv1.2 TLSv1.3;

    location / {
      proxy_pass http://assay_app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto https;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_next_upstream error timeout http_502 http_504;
      proxy_next_upstream_tries ${s.appPorts.length};
      proxy_next_upstream_timeout 15s;
      add_header X-Assay-Upstream $upstream_addr always;
      # nginx's own random id for each request, never one the client sent (which could make two
      # requests look like one): the instance logs it on each of its lines, and the answer names it.
      proxy_set_header X-Request-Id $request_id;
      proxy_hide_header X-Request-Id;
      add_header X-Request-Id $request_id always;
    }
  }
}
`;
}

/** The folders nginx writes under its work folder; they must exist before it starts. */
export const nginxTempFolders = ['client-body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'] as const;
