// PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate is not Unicode at all: either one
// reaching a query, a file name or a log line fails far from where it came in. JSON nested
// thousands deep overflows the stack of whatever walks it recursively later (JSON.stringify,
// zod). So every piece of a request is checked here once, at the edge, before any route sees it.

/** Deeper than any body Assay or better-auth reads (theirs are two levels at most). */
export const MAX_JSON_DEPTH = 32;

export type InputProblem = 'broken-text' | 'bad-escape' | 'too-deep';

export const inputProblemMessages: Record<InputProblem, string> = {
  'broken-text': 'Text must not contain NUL characters or broken Unicode (a lone surrogate). Please remove them and try again.',
  'bad-escape': 'The address has a broken %-escape or one that is not UTF-8; a % sign itself is written %25.',
  'too-deep': `The request body is nested too deeply; at most ${MAX_JSON_DEPTH} levels are accepted.`,
};

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** True when the text holds a NUL or a surrogate that is not half of a pair. */
export function hasBrokenText(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0 || isLowSurrogate(code)) return true;
    if (isHighSurrogate(code)) {
      if (!isLowSurrogate(text.charCodeAt(i + 1))) return true;
      i += 1;
    }
  }
  return false;
}

/**
 * A URL as it arrived (path and query, percent-encoded), which is where path parameters and the
 * query come from: broken when an escape is not UTF-8 (%ED%A0%80 would be a lone surrogate, %FF
 * is no character at all) or decodes to broken text (%00).
 */
export function findUrlProblem(url: string): InputProblem | null {
  // Every request comes here, most without an escape; for them decoding would answer the same
  // text, at several times the cost of the check itself.
  let decoded = url;
  if (url.includes('%')) {
    try {
      decoded = decodeURIComponent(url);
    } catch {
      return 'bad-escape';
    }
  }
  return hasBrokenText(decoded) ? 'broken-text' : null;
}

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * Walks a parsed body without recursion, so that no depth can
 * overflow the stack here, and answers the first problem found in a key or a string value.
 * Anything that is not plain data (an upload's stream, a Buffer) is not looked into.
 */
export function findInputProblem(input: unknown, maxDepth = MAX_JSON_DEPTH): InputProblem | null {
  const pending: { value: unknown; depth: number }[] = [{ value: input, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (hasBrokenText(value)) return 'broken-text';
      continue;
    }
    if (Array.isArray(value)) {
      if (depth >= maxDepth) return 'too-deep';
      for (const item of value) pending.push({ value: item, depth: depth + 1 });
    } else if (typeof value === 'object' && value !== null && isPlainObject(value)) {
      if (depth >= maxDepth) return 'too-deep';
      for (const [key, item] of Object.entries(value)) {
        if (hasBrokenText(key)) return 'broken-text';
        pending.push({ value: item, depth: depth + 1 });
      }
    }
  }
  return null;
}
