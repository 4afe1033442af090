import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The one mock API of the DOM tests. Tests add handlers for the endpoints they use
 * (server.use(...)); a request nobody answers fails the test, so no call goes unnoticed.
 */
export const server = setupServer();

/** A JSON request as the test server saw it. */
export type SeenRequest = { method: string; path: string; body: unknown };

/** Records every request the server receives, so a test can say exactly what was sent (or that nothing was). */
export function recordRequests(): SeenRequest[] {
  const seen: SeenRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const clone = request.clone();
    const entry: SeenRequest = { method: request.method, path: new URL(request.url).pathname, body: undefined };
    seen.push(entry);
    void clone.text().then((text) => {
      // A photo's bytes (an upload's PUT) are kept as text; JSON bodies are parsed.
      try {
        entry.body = text ? (JSON.parse(text) as unknown) : undefined;
      } catch {
        entry.body = text;
      }
    });
  });
  return seen;
}

/**
 * An error answer shaped as apps/api's error handler sends it: { statusCode, error, message },
 * and `issues` ({ path, message }) for a validation failure.
 */
export function apiError(status: number, error: string, message: string, issues?: { path: string; message: string }[]) {
  return HttpResponse.json({ statusCode: status, error, message, ...(issues ? { issues } : {}) }, { status });
}
