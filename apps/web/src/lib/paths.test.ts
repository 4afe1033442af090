import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { submissionPagePath } from '@assay/domain';
import { fillPattern, paths, routePatterns, serverPaths, withReturnTo } from './paths';

const webSrc = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Comments may name URLs ("'/login?returnTo=...' lands here"); only code has to use the table. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

// The first segment of every routed URL, e.g. 'client' or 'forgot-password'.
const routedSegments = [...new Set(Object.values(routePatterns).flatMap((pattern) => pattern.split('/')[1] || []))];

const literalPathRules: { rule: string; pattern: RegExp }[] = [
  { rule: 'a link or navigation to a literal path', pattern: /\b(?:href|to)=\{?\s*["'`]\//g },
  {
    rule: 'a navigation, redirect or return address given as a literal path',
    pattern: /\b(?:navigate|setLocation|assign|replace|withReturnTo|redirectTo|callbackURL|returnTo)\s*[(:=]\s*["'`]\//g,
  },
  {
    rule: 'a string that starts with a routed URL',
    pattern: new RegExp(`["'\`]/(?:${routedSegments.join('|')})(?=[/?#"'\`$])`, 'g'),
  },
  { rule: 'a link to a landing page section', pattern: /["'`]\/#/g },
];

function literalPaths(source: string): string[] {
  const code = withoutComments(source);
  return literalPathRules.flatMap(({ rule, pattern }) =>
    [...code.matchAll(pattern)].map((match) => {
      const line = code.slice(0, match.index).split('\n').length;
      return `${rule} (line ${line}): ${code.slice(match.index, match.index + 60).split('\n')[0]}`;
    }),
  );
}

describe('one route table', () => {
  it('is the only place in apps/web/src that spells an internal path', () => {
    const found = sourceFiles(webSrc)
      .filter((file) => !file.endsWith(path.join('lib', 'paths.ts')))
      .flatMap((file) => literalPaths(readFileSync(file, 'utf8')).map((hit) => `${path.relative(webSrc, file)}: ${hit}`));
    expect(found).toEqual([]);
  });

  it.each([
    ['<Link href="/faq">FAQ</Link>'],
    ["<a href={'/client'}>"],
    ['<a href={`/api/shipping/labels/${id}/pdf`}>'],
    ["navigate('/client');"],
    ["window.location.assign('/api/logout');"],
    ["withReturnTo('/login', returnTo)"],
    ["json: { redirectTo: '/reset-password' }"],
    ["const next = after === home ? '/client' : after;"],
    ['<a href="/#pricing">'],
    ['<Redirect to="/login" />'],
  ])('catches %s', (snippet) => {
    expect(literalPaths(snippet)).not.toEqual([]);
  });

  it('lets comments, API fetches and other strings be', () => {
    const fine = [
      "// '/login?returnTo=/client' lands here",
      "/** Loads GET /api/submissions/<id> (see '/client/submissions/:id'). */",
      "apiJson('/api/submissions', { signal });",
      "queryKey.map(String).join('/')",
      '<Link href={paths.faq}>FAQ</Link>',
      '<a href="#main">Skip to content</a>',
      '<a href={`mailto:${email}`}>',
    ].join('\n');
    expect(literalPaths(fine)).toEqual([]);
  });
});

describe('path builders', () => {
  it('fill a pattern with URL-encoded values', () => {
    expect(paths.client.submission('a1b2')).toBe('/client/submissions/a1b2');
    // The server's e-mails link to the same page (packages/domain submissionPagePath).
    expect(paths.client.submission('a/b?c')).toBe(submissionPagePath('a/b?c'));
    expect(paths.client.payout('a/b?c')).toBe('/client/submissions/a%2Fb%3Fc/payout');
    expect(paths.client.consignment('x y')).toBe('/client/submissions/x%20y/consignment');
    expect(fillPattern('/a/:first/b/:second', { first: '1', second: '2' })).toBe('/a/1/b/2');
  });

  it('carry a return address only when there is one', () => {
    expect(withReturnTo(paths.login, '/client/new')).toBe('/login?returnTo=%2Fclient%2Fnew');
    expect(withReturnTo(paths.login, null)).toBe('/login');
    expect(serverPaths.signIn('/client')).toBe('/api/login?returnTo=%2Fclient');
    expect(serverPaths.signIn(null)).toBe('/api/login');
  });

  it('point at landing sections and label files', () => {
    expect(paths.landingSection('pricing')).toBe('/#pricing');
    expect(serverPaths.labelPdf('l 1')).toBe('/api/shipping/labels/l%201/pdf');
  });
});
