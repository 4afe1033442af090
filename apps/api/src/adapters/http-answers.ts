// What every provider adapter needs of an HTTP answer: its body read up to a limit (an answer far
// larger than any real one, from a provider or whatever sits at a URL, is refused before it is held
// in memory), and whether a failure was the request's own timeout.
export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`the answer is larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

export async function readCapped(response: Response, maxBytes: number): Promise<string> {
  return (await readCappedBytes(response, maxBytes)).toString('utf8');
}

/** The body as bytes (an image), with the same limit. */
export async function readCappedBytes(response: Response, maxBytes: number): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The request's AbortSignal.timeout fired (or it was aborted): a timeout, not a broken answer. */
export function isTimeout(err: unknown): boolean {
  const name = (err as { name?: unknown }).name;
  return name === 'TimeoutError' || name === 'AbortError';
}
