// One person's HTTP client against the stack, as a browser would be: its own cookies, the
// stack's Origin on every change, and its own client address (X-Forwarded-For, which nginx extends
// and the app believes from nginx only). Addresses come from TEST-NET-3 (203.0.113.0/24, reserved
// for documentation): header values only, every connection goes to nginx on 127.0.0.1. Each
// request is recorded for the figures: what it was, its status (0: no answer), its time and the
// instances nginx tried for it.
import https from 'node:https';

export interface RequestRecord {
  kind: string;
  method: string;
  status: number;
  ms: number;
  /** The instances nginx tried, in order (X-Assay-Upstream); more than one: nginx retried it. */
  upstreams: string[];
  error?: string;
}

export interface Answer {
  status: number;
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
  json<T = unknown>(): T;
}

export interface StackTarget {
  /** https://localhost:PORT, the stack's PUBLIC_URL. */
  url: string;
  ca: Buffer;
}

/** nginx's $upstream_addr: "127.0.0.1:3201, 127.0.0.1:3202" when it tried a second instance. */
export function upstreamsOf(header: string | string[] | undefined): string[] {
  if (typeof header !== 'string') return [];
  return header.match(/\d{1,3}(?:\.\d{1,3}){3}:\d+/g) ?? [];
}

export class StackClient {
  private cookies = new Map<string, string>();
  private readonly origin: string;
  private readonly port: number;

  constructor(
    private readonly target: StackTarget,
    private readonly agent: https.Agent,
    private readonly clientAddress: string,
    private readonly record: (r: RequestRecord) => void,
  ) {
    const url = new URL(target.url);
    this.origin = url.origin;
    this.port = Number(url.port || 443);
  }

  get signedIn(): boolean {
    return [...this.cookies.keys()].some((name) => name.includes('session_token'));
  }

  forgetCookies() {
    this.cookies.clear();
  }

  request(
    kind: string,
    method: string,
    path: string,
    body?: unknown,
    options: { contentType?: string; timeoutMs?: number } = {},
  ): Promise<Answer> {
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body), 'utf8');
    const headers: Record<string, string> = {
      host: new URL(this.target.url).host,
      'x-forwarded-for': this.clientAddress,
      'user-agent': 'assay-stack-chaos',
      accept: 'application/json',
    };
    if (method !== 'GET' && method !== 'HEAD') headers.origin = this.origin;
    if (payload) {
      headers['content-type'] = options.contentType ?? 'application/json';
      headers['content-length'] = String(payload.length);
    }
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const started = performance.now();
    return new Promise<Answer>((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          servername: 'localhost',
          port: this.port,
          method,
          path,
          headers,
          ca: this.target.ca,
          agent: this.agent,
          timeout: options.timeoutMs ?? 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (err) => fail(err));
          res.on('end', () => {
            this.keepCookies(res.headers['set-cookie']);
            const upstream = res.headers['x-assay-upstream'];
            const status = res.statusCode ?? 0;
            this.record({
              kind,
              method,
              status,
              ms: performance.now() - started,
              upstreams: upstreamsOf(upstream),
            });
            const data = Buffer.concat(chunks);
            resolve({
              status,
              body: data,
              headers: res.headers,
              json: () => JSON.parse(data.toString('utf8')),
            });
          });
        },
      );
      const fail = (err: Error) => {
        this.record({ kind, method, status: 0, ms: performance.now() - started, upstreams: [], error: err.message });
        reject(err);
      };
      req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
      req.on('error', fail);
      req.end(payload);
    });
  }

  private keepCookies(setCookie: string[] | undefined) {
    for (const line of setCookie ?? []) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq < 1) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
