import { paths } from '@/lib/paths';

/**
 * The pages the server renders to HTML (issue 15): the same for every visitor, so they can be
 * rendered once per change of prices or payout rates and served from memory. '/' is the landing
 * page only for a visitor; the server leaves it to the browser when a session cookie comes along.
 */
export const publicPagePaths: readonly string[] = [paths.home, paths.faq, paths.about, paths.terms, paths.privacy, paths.contact];

/** Where the server puts the data the pages were rendered with (not executed: CSP allows no inline script). */
export const queryStateElementId = 'assay-query-state';
