import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { routePatterns } from '@/lib/paths';
import { FullPageSpinner } from '@/components/ui/spinner';
import { RouteErrorBoundary } from './errors/route-error-boundary';
import { HomeRoute } from './routes/home';

// Only the router and '/' itself are in the first load (issue 15 budget; routes/home.tsx splits the
// landing page too). The signed-in pages, the auth pages (form and validation libraries) and the
// public text pages and the not-found page load on demand.
const AdminRoute = lazy(() => import('./routes/admin').then((m) => ({ default: m.AdminRoute })));
const ClientRoute = lazy(() => import('./routes/client').then((m) => ({ default: m.ClientRoute })));
const AuthenticatorSetupRoute = lazy(() =>
  import('./routes/authenticator-setup').then((m) => ({ default: m.AuthenticatorSetupRoute })),
);
const LoginRoute = lazy(() => import('./routes/login').then((m) => ({ default: m.LoginRoute })));
const SignupRoute = lazy(() => import('./routes/signup').then((m) => ({ default: m.SignupRoute })));
const ForgotPasswordRoute = lazy(() => import('./routes/forgot-password').then((m) => ({ default: m.ForgotPasswordRoute })));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password').then((m) => ({ default: m.ResetPasswordRoute })));
const AboutRoute = lazy(() => import('./routes/about').then((m) => ({ default: m.AboutRoute })));
const FaqRoute = lazy(() => import('./routes/faq').then((m) => ({ default: m.FaqRoute })));
const PrivacyRoute = lazy(() => import('./routes/privacy').then((m) => ({ default: m.PrivacyRoute })));
const TermsRoute = lazy(() => import('./routes/terms').then((m) => ({ default: m.TermsRoute })));
const DemoMailRoute = lazy(() => import('./routes/demo-mail').then((m) => ({ default: m.DemoMailRoute })));
const ContactRoute = lazy(() => import('./routes/contact').then((m) => ({ default: m.ContactRoute })));
const NotFoundPage = lazy(() => import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));

// Each admin page by its own path, not '/admin/*': an unknown '/admin/...' is the 404 page for
// anyone, as before, rather than a sign-in first. routes/admin.tsx renders each (router.test.tsx
// keeps the two lists equal; importing its table here would put the admin pages in the first load).
const adminPaths = [
  routePatterns.admin,
  routePatterns.adminIdentity,
  routePatterns.adminPayouts,
  routePatterns.adminRails,
  routePatterns.adminCompliance,
  routePatterns.adminCustody,
  routePatterns.adminLots,
  routePatterns.adminRefiners,
  routePatterns.adminMargin,
  routePatterns.adminPrices,
  routePatterns.adminBench,
];

/** The top-level routes, in match order. The client's own views are matched in routes/client.tsx. */
export const appRoutes: readonly { path: string; component: ComponentType }[] = [
  { path: routePatterns.home, component: HomeRoute },
  { path: routePatterns.clientDashboard, component: ClientRoute },
  { path: `${routePatterns.clientDashboard}/*`, component: ClientRoute },
  ...adminPaths.map((path) => ({ path, component: AdminRoute })),
  { path: routePatterns.authenticatorSetup, component: AuthenticatorSetupRoute },
  { path: routePatterns.login, component: LoginRoute },
  { path: routePatterns.signup, component: SignupRoute },
  { path: routePatterns.forgotPassword, component: ForgotPasswordRoute },
  { path: routePatterns.resetPassword, component: ResetPasswordRoute },
  { path: routePatterns.faq, component: FaqRoute },
  { path: routePatterns.about, component: AboutRoute },
  { path: routePatterns.privacy, component: PrivacyRoute },
  { path: routePatterns.terms, component: TermsRoute },
  { path: routePatterns.contact, component: ContactRoute },
  { path: routePatterns.demoMail, component: DemoMailRoute },
];

/**
 * One error boundary per route, inside the Suspense so that a route whose code fails to load (a
 * stale tab after a deploy) shows the reload offer instead of a blank page.
 */
export function AppRouter() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        {appRoutes.map(({ path, component: RouteComponent }) => (
          // Keyed by component, so '/client' -> '/client/new' keeps the client route mounted.
          <Route key={appRoutes.findIndex((route) => route.component === RouteComponent)} path={path}>
            <RouteErrorBoundary scope="page">
              <RouteComponent />
            </RouteErrorBoundary>
          </Route>
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
