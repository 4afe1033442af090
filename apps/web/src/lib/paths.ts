/**
 * The one table of the web app's URLs. The router matches `routePatterns`, and every link,
 * navigate(), redirect and href goes through `paths` (or `serverPaths` for the server pages the
 * browser opens), so a URL is changed here or nowhere. paths.test.ts fails on a literal internal
 * path anywhere else in apps/web/src, and on a pattern the router does not route.
 */
export const routePatterns = {
  home: '/',
  // SPEC 2 calls the client's views internal; here they have URLs so back/forward and links work.
  clientDashboard: '/client',
  newSubmission: '/client/new',
  submission: '/client/submissions/:id',
  payout: '/client/submissions/:id/payout',
  consignment: '/client/submissions/:id/consignment',
  // SPEC 2: the mailbox is '/admin'; each other appraiser work area has a page of its own under it.
  admin: '/admin',
  adminIdentity: '/admin/identity',
  adminPayouts: '/admin/payouts',
  adminRails: '/admin/rails',
  adminCompliance: '/admin/compliance',
  adminCustody: '/admin/custody',
  adminLots: '/admin/lots',
  adminRefiners: '/admin/refiners',
  adminMargin: '/admin/margin',
  adminPrices: '/admin/prices',
  adminBench: '/admin/bench',
  // Setting up the authenticator app (decision 026); the admin pages show it until it is done.
  authenticatorSetup: '/account/authenticator',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  // better-auth's e-mail link lands here with ?token=... or ?error=INVALID_TOKEN.
  resetPassword: '/reset-password',
  faq: '/faq',
  about: '/about',
  privacy: '/privacy',
  terms: '/terms',
  contact: '/contact',
  demoMail: '/demo/mail',
} as const;

export type RouteName = keyof typeof routePatterns;

/** The `:name` segments of a pattern, as a union of names. */
type PatternParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PatternParams<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Fills a pattern's `:name` segments (URL-encoded); the type asks for exactly those names. */
export function fillPattern<P extends string>(pattern: P, params: Record<PatternParams<P>, string>): string {
  const values: Record<string, string> = params;
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** Appends ?returnTo=... to a path when there is a place to come back to. */
export function withReturnTo(path: string, returnTo: string | null): string {
  return returnTo ? `${path}?returnTo=${encodeURIComponent(returnTo)}` : path;
}

/** Where links point: a string for a fixed path, a builder for a parameterised one. */
export const paths = {
  home: routePatterns.home,
  /** One of the landing page's anchored sections (SPEC 2), from any page. */
  landingSection: (sectionId: string) => `${routePatterns.home}#${sectionId}`,
  client: {
    dashboard: routePatterns.clientDashboard,
    newSubmission: routePatterns.newSubmission,
    submission: (id: string) => fillPattern(routePatterns.submission, { id }),
    payout: (id: string) => fillPattern(routePatterns.payout, { id }),
    consignment: (id: string) => fillPattern(routePatterns.consignment, { id }),
  },
  admin: routePatterns.admin,
  adminIdentity: routePatterns.adminIdentity,
  adminPayouts: routePatterns.adminPayouts,
  adminRails: routePatterns.adminRails,
  adminCompliance: routePatterns.adminCompliance,
  adminCustody: routePatterns.adminCustody,
  adminLots: routePatterns.adminLots,
  adminRefiners: routePatterns.adminRefiners,
  adminMargin: routePatterns.adminMargin,
  adminPrices: routePatterns.adminPrices,
  adminBench: routePatterns.adminBench,
  authenticatorSetup: routePatterns.authenticatorSetup,
  login: routePatterns.login,
  signup: routePatterns.signup,
  forgotPassword: routePatterns.forgotPassword,
  resetPassword: routePatterns.resetPassword,
  faq: routePatterns.faq,
  about: routePatterns.about,
  privacy: routePatterns.privacy,
  terms: routePatterns.terms,
  contact: routePatterns.contact,
  demoMail: routePatterns.demoMail,
} as const;

/** Server routes the browser opens as pages or downloads (not fetches: those live in features' api/). */
export const serverPaths = {
  /** The sign-in entry: the identity provider when one is configured, else our /login page. */
  signIn: (returnTo: string | null) => withReturnTo('/api/login', returnTo),
  signOut: '/api/logout',
  labelPdf: (labelId: string) => `/api/shipping/labels/${encodeURIComponent(labelId)}/pdf`,
  meltLotLabelPdf: (lotId: string) => `/api/admin/melt-lots/${encodeURIComponent(lotId)}/label.pdf`,
} as const;
