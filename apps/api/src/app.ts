// The whole HTTP application as one plugin tree: external plugins, then Assay's plugins, then the
// feature modules. server.ts owns the process; tests build this same app on a fresh database.
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config, Secrets } from './config/index.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import type { Database } from './db/client.ts';
import { jobsStopTimeoutMs } from './lib/graceful-shutdown.ts';
import { loggerOptions, requestChildLogger } from './lib/logger.ts';
import { apiDocsPlugin } from './plugins/api-docs.ts';
import { authPlugin } from './plugins/auth.ts';
import { changeSignalsPlugin } from './plugins/change-signals.ts';
import { errorHandlerPlugin, sendFrameworkError } from './plugins/error-handler.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { priceFeedPlugin } from './plugins/price-feed.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { noStorePlugin } from './plugins/no-store.ts';
import { requestOriginPlugin } from './plugins/request-origin.ts';
import { mailPlugin } from './plugins/mail.ts';
import { JOBS_STOP_TIMEOUT_MS, jobsPlugin } from './plugins/jobs.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { storagePlugin } from './plugins/storage.ts';
import { webPlugin } from './plugins/web.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { pricingRoutes } from './modules/pricing/pricing.routes.ts';
import { payoutRatesRoutes } from './modules/payout-rates/payout-rates.routes.ts';
import { publishedPayoutRates } from './modules/payout-rates/payout-rates.service.ts';
import { submissionsRoutes } from './modules/submissions/submissions.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { transactionsRoutes } from './modules/transactions/transactions.routes.ts';
import { achBatchesRoutes } from './modules/payouts/ach-batches.routes.ts';
import { checksRoutes } from './modules/checks/checks.routes.ts';
import { kycRoutes } from './modules/kyc/kyc.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { userAddressRoutes } from './modules/users/users.address.routes.ts';
import { shippingLabelsRoutes } from './modules/shipping-labels/shipping-labels.routes.ts';
import { adminMailboxRoutes } from './modules/admin-mailbox/admin-mailbox.routes.ts';
import { appraisalRoutes } from './modules/appraisal/appraisal.routes.ts';
import { offersRoutes } from './modules/offers/offers.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { demoAccounts } from './modules/demo/demo-accounts.ts';
import { demoMailRoutes } from './modules/demo/demo-mail.routes.ts';
import { businessRoutes } from './modules/business/business.routes.ts';
import { publishedBusiness } from './modules/business/business.service.ts';
import { ledgerRoutes } from './modules/ledger/ledger.routes.ts';
import { complianceReportsRoutes } from './modules/compliance/reports/reports.routes.ts';
import { sanctionsRoutes } from './modules/compliance/sanctions/sanctions.routes.ts';
import { complianceAdminRoutes, sellerStatementRoutes } from './modules/compliance/compliance.routes.ts';
import { mailSenderOf } from './modules/notifications/outbox.service.ts';
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
    secondFactorExemptEmails: deps.demo ? [demoAccounts.admin.email] : [],
  });
  app.decorate('ctx', ctx);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  await app.register(errorHandlerPlugin);
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

  await app.register(healthRoutes, { database: deps.database });
  await app.register(usersRoutes, { oidcEnabled: Boolean(deps.config.oidc) });
  await app.register(submissionsRoutes);
  await app.register(uploadsRoutes);
  await app.register(transactionsRoutes);
  await app.register(achBatchesRoutes);
  await app.register(checksRoutes);
  await app.register(userAddressRoutes);
  await app.register(shippingLabelsRoutes);
  await app.register(kycRoutes);
  await app.register(notificationsRoutes);
  await app.register(adminMailboxRoutes);
  await app.register(appraisalRoutes);
  await app.register(offersRoutes);
  await app.register(pricingRoutes);
  await app.register(payoutRatesRoutes);
  await app.register(businessRoutes);
  await app.register(webhooksRoutes);
  await app.register(ledgerRoutes);
  await app.register(complianceReportsRoutes);
  await app.register(sanctionsRoutes);
  await app.register(sellerStatementRoutes);
  await app.register(complianceAdminRoutes);
  if (deps.demo && !deps.config.production && !deps.config.mail.smtpUrl) await app.register(demoMailRoutes);

  await app.register(webPlugin, {
    distDir: deps.config.webDistDir,
    // The public pages are rendered with what their queries would fetch: GET /api/pricing,
    // /api/payout-rates and /api/business.
    publicPageData: async () => ({
      pricing: JSON.parse(app.pricing.snapshot().json) as unknown,
      payoutRates: await publishedPayoutRates(app.ctx),
      business: publishedBusiness(app.ctx),
    }),
    carriesSession: (request) => app.ctx.identity.carriesSession(request.cookies),
  });
  return app;
}
