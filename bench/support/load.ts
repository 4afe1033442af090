// The load generator, run as a process of its own: `node --import tsx bench/support/load.ts <url>
// <cookie> <seconds> [connections]` drives <url> with autocannon and prints one line of JSON.
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

const [url, cookie, seconds, connections] = process.argv.slice(2);
if (!url || cookie === undefined || !seconds) throw new Error('usage: load.ts <url> <cookie> <seconds> [connections]');
const result = await autocannon({
  url,
  connections: Number(connections ?? 10),
  duration: Number(seconds),
  headers: cookie ? { cookie } : {},
});
const out: LoadResult = {
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
