// The whole HTTP application as one plugin tree: external plugins, then Assay's plugins, then the
// feature modules. server.ts owns the process; tests build this same app on a fresh database.
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyPluginAsync, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config, Secrets } from './config/index.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import type { Database } from './db/client.ts';
import { jobsStopTimeoutMs } from './lib/graceful-shutdown.ts';
import { loggerOptions, requestChildLogger } from './lib/logger.ts';
import { requestIdOf } from './lib/request-id.ts';
import { apiDocsPlugin } from './plugins/api-docs.ts';
import { authPlugin } from './plugins/auth.ts';
import { changeSignalsPlugin } from './plugins/change-signals.ts';
import { errorHandlerPlugin, sendFrameworkError } from './plugins/error-handler.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { priceFeedPlugin } from './plugins/price-feed.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { noStorePlugin } from './plugins/no-store.ts';
import { requestIdPlugin } from './plugins/request-id.ts';
import { requestOriginPlugin } from './plugins/request-origin.ts';
import { mailPlugin } from './plugins/mail.ts';
import { JOBS_STOP_TIMEOUT_MS, jobsPlugin } from './plugins/jobs.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { storagePlugin } from './plugins/storage.ts';
import { webPlugin } from './plugins/web.ts';
import { healthRoutes } from './modules/health/index.ts';
import { pricingRoutes } from './modules/pricing/index.ts';
import { payoutRatesRoutes, publishedPayoutRates } from './modules/payout-rates/index.ts';
import { submissionsRoutes } from './modules/submissions/index.ts';
import { submissionDetailRoutes } from './modules/submission-detail/index.ts';
import { uploadsRoutes } from './modules/uploads/index.ts';
import { transactionsRoutes } from './modules/payouts/index.ts';
import { offerAcceptanceRoutes } from './modules/offer-acceptance/index.ts';
import { achBatchesRoutes, checksRoutes } from './modules/payout-rails/index.ts';
import { complianceReportsRoutes, kycRoutes, sanctionsRoutes, sellerStatementRoutes } from './modules/compliance/index.ts';
import { mailSenderOf, notificationsRoutes } from './modules/notifications/index.ts';
import { userAddressRoutes, usersRoutes } from './modules/users/index.ts';
import { addressChangeRoutes } from './modules/address-change/index.ts';
import { shippingLabelsRoutes } from './modules/shipping-labels/index.ts';
import { declineAndReturnRoutes } from './modules/decline-and-return/index.ts';
import { adminMailboxRoutes, adminSubmissionOf, itemDispositionRoutes } from './modules/admin-mailbox/index.ts';
import { appraisalRoutes } from './modules/appraisal/index.ts';
import { offersRoutes, publishedTrackRecord } from './modules/offers/index.ts';
import { benchRoutes } from './modules/bench/index.ts';
import { webhooksRoutes } from './modules/webhooks/index.ts';
import { demoMailRoutes, demoStaffEmails } from './modules/demo/index.ts';
import { businessRoutes, publishedBusiness } from './modules/business/index.ts';
import { ledgerRoutes } from './modules/ledger/index.ts';
import { reconciliationRoutes } from './modules/reconciliation/index.ts';
import { screeningDecisionsRoutes } from './modules/screening-decisions/index.ts';
import { complianceQueueRoutes } from './modules/compliance-queue/index.ts';
import { custodyRoutes } from './modules/custody/index.ts';
import { meltLotsRoutes } from './modules/melt-lots/index.ts';
import { marginRoutes } from './modules/margin/index.ts';
import { refinerSettlementRoutes } from './modules/refiner-settlement/index.ts';
import { refinersRoutes } from './modules/refiners/index.ts';
import { policeHoldsRoutes } from './modules/police-holds/index.ts';
import { taxReportingRoutes } from './modules/tax-reporting/index.ts';
import { recordsRetentionRoutes } from './modules/records-retention/index.ts';
import { createAppContext } from './composition-root.ts';
import type { Adapters, AppContext, Clock } from './context.ts';

export interface AppDeps {
  config: Config;
  secrets: Secrets;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Demo mode (modules/demo/demo-mode.ts decideDemoMode): adds the demo mailbox when e-mail stays in the outbox. */
  demo?: boolean;
  /** The job engine works its queues (plugins/jobs.ts). Off in tests, which call the work directly. */
  backgroundJobs?: boolean;
  /** Sees every route as it is added: tests list the whole API this way, so none is forgotten. */
  onRoute?: (route: RouteOptions) => void;
  /**
   * False: no change listener, so no session cache and no price reload on another's signal (tests on
   * PostgreSQL, whose signals arrive on a connection of their own, after the write). Default true.
   */
  hearChanges?: boolean;
  /** Replaces configured adapters (tests: a provider's stand-in, a failing storage). */
  adapters?: Partial<Adapters>;
  /** The app's clock (tests: one they move, so that time-bound rules are checked without waiting). */
  clock?: Clock;
}

export const JSON_BODY_LIMIT = 64 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** The composition root's context: what routes hand to services. */
    ctx: AppContext;
  }
}

/**
 * Gives a route plugin its function's name. Fastify names an unnamed plugin by searching every
 * loaded CommonJS module for it (require.cache), twice per registration: a few milliseconds per
 * app, which the test suite pays for each of its hundreds of apps.
 */
function named<Plugin extends FastifyPluginAsync<never>>(plugin: Plugin): Plugin {
  const displayName = Symbol.for('fastify.display-name');
  if (!(displayName in plugin)) Object.defineProperty(plugin, displayName, { value: plugin.name });
  return plugin;
}

export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(deps.config.logLevel),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: deps.config.trustProxy ?? false,
    // While the app closes, a request on a connection it already had is still served (with
    // "Connection: close"), as the database stays open until the server is closed: so /readyz can
    // say the instance is draining, and a request nginx sent a moment too late is answered, not 503.
    return503OnClosing: false,
    // The router ignores what this returns; the reply it would hand back is sent either way.
    frameworkErrors: (error, request, reply) => void sendFrameworkError(error, request, reply),
    childLoggerFactory: requestChildLogger,
    // nginx's id when it sent one (or a caller's, if safe), so its access log and ours share it.
    genReqId: requestIdOf,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('deps', deps);
  const ctx = createAppContext({
    config: deps.config,
    secrets: deps.secrets,
    db: deps.database.db,
    log: app.log,
    overrides: deps.adapters,
    clock: deps.clock,
    // The demo admin's password is printed at start: a second factor would protect nothing there.
    secondFactorExemptEmails: deps.demo ? demoStaffEmails : [],
  });
  app.decorate('ctx', ctx);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  await app.register(errorHandlerPlugin);
  // First of the hooks: an answer refused by any hook below still names its request.
  await app.register(requestIdPlugin);
  // Helmet's headers, computed once (plugins/security-headers.ts says why).
  await app.register(securityHeadersPlugin, { production: deps.config.production });
  // Before every other hook: NUL, broken Unicode and absurd nesting never reach anything below.
  await app.register(inputGuardPlugin);
  await app.register(noStorePlugin);
  await app.register(requestOriginPlugin, { allowedOrigins: deps.config.allowedOrigins, publicUrl: deps.config.publicUrl });
  await app.register(fastifyCookie);
  // Route-level limits only (shared in Redis with REDIS_URL); sign-in limits are better-auth's.
  await app.register(rateLimitPlugin, { redisUrl: deps.config.redis.url, keyPrefix: deps.config.redis.keyPrefix });
  await app.register(apiDocsPlugin, { production: deps.config.production });
  // One change listener per instance, for the session cache and the price feed.
  await app.register(changeSignalsPlugin, {
    listen: deps.hearChanges === false ? undefined : (handlers, log) => deps.database.listenForChanges(handlers, log),
  });
  await app.register(authPlugin);
  await app.register(priceFeedPlugin, {
    service: ctx.pricing,
    refreshIntervalMs: deps.config.priceFeed.refreshSeconds * 1000,
    autoReload: deps.backgroundJobs !== false,
  });
  await app.register(mailPlugin, { sender: mailSenderOf(deps.config), transport: ctx.mail });
  await app.register(storagePlugin, { storage: ctx.storage });
  // After the three above: its jobs use them, and it stops before they close.
  await app.register(jobsPlugin, {
    // Off in tests, and where `npm run worker` runs them (BACKGROUND_JOBS=worker): this server still enqueues.
    run: deps.backgroundJobs !== false && deps.config.jobsInProcess,
    stopTimeoutMs: jobsStopTimeoutMs(deps.config.shutdownTimeoutMs, JOBS_STOP_TIMEOUT_MS),
  });

  await app.register(named(healthRoutes), { database: deps.database });
  await app.register(named(usersRoutes), { oidcEnabled: Boolean(deps.config.oidc) });
  await app.register(named(submissionsRoutes));
  await app.register(named(submissionDetailRoutes));
  await app.register(named(uploadsRoutes));
  await app.register(named(transactionsRoutes));
  await app.register(named(offerAcceptanceRoutes));
  await app.register(named(achBatchesRoutes));
  await app.register(named(checksRoutes));
  await app.register(named(userAddressRoutes));
  await app.register(named(addressChangeRoutes));
  await app.register(named(shippingLabelsRoutes));
  await app.register(named(declineAndReturnRoutes));
  await app.register(named(kycRoutes));
  await app.register(named(notificationsRoutes));
  await app.register(named(adminMailboxRoutes));
  // The appraiser's commands answer with the mailbox's card: a view, which only this root may hand a workflow.
  await app.register(named(appraisalRoutes), { present: adminSubmissionOf });
  await app.register(named(offersRoutes));
  await app.register(named(benchRoutes));
  await app.register(named(pricingRoutes));
  await app.register(named(payoutRatesRoutes));
  await app.register(named(businessRoutes));
  await app.register(named(webhooksRoutes));
  await app.register(named(reconciliationRoutes));
  await app.register(named(ledgerRoutes));
  await app.register(named(complianceReportsRoutes));
  await app.register(named(sanctionsRoutes));
  await app.register(named(screeningDecisionsRoutes));
  await app.register(named(sellerStatementRoutes));
  await app.register(named(complianceQueueRoutes));
  await app.register(named(taxReportingRoutes));
  await app.register(named(recordsRetentionRoutes));
  await app.register(named(itemDispositionRoutes));
  await app.register(named(custodyRoutes));
  await app.register(named(meltLotsRoutes));
  await app.register(named(refinersRoutes));
  await app.register(named(refinerSettlementRoutes));
  await app.register(named(marginRoutes));
  await app.register(named(policeHoldsRoutes));
  if (deps.demo && !deps.config.production && !deps.config.mail.smtpUrl) await app.register(named(demoMailRoutes));

  await app.register(webPlugin, {
    distDir: deps.config.webDistDir,
    // The public pages are rendered with what their queries would fetch: GET /api/pricing,
    // /api/payout-rates, /api/business and /api/track-record.
    publicPageData: async () => ({
      pricing: JSON.parse(app.pricing.snapshot().json) as unknown,
      payoutRates: await publishedPayoutRates(app.ctx),
      business: publishedBusiness(app.ctx),
      trackRecord: await publishedTrackRecord(app.ctx, deps.demo === true),
    }),
    carriesSession: (request) => app.ctx.identity.carriesSession(request.cookies),
  });
  return app;
}
