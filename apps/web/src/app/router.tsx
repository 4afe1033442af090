import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { FullPageSpinner } from '@/components/ui/spinner';
import { NotFoundPage } from './pages/not-found-page';
import { HomeRoute } from './routes/home';

// Only '/' is in the first load (a visitor's landing page, issue 3 budget). The signed-in pages,
// the auth pages (form and validation libraries) and the public text pages load on demand.
const AdminRoute = lazy(() => import('./routes/admin').then((m) => ({ default: m.AdminRoute })));
const ClientRoute = lazy(() => import('./routes/client').then((m) => ({ default: m.ClientRoute })));
const LoginRoute = lazy(() => import('./routes/login').then((m) => ({ default: m.LoginRoute })));
const SignupRoute = lazy(() => import('./routes/signup').then((m) => ({ default: m.SignupRoute })));
const ForgotPasswordRoute = lazy(() => import('./routes/forgot-password').then((m) => ({ default: m.ForgotPasswordRoute })));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password').then((m) => ({ default: m.ResetPasswordRoute })));
const FaqRoute = lazy(() => import('./routes/faq').then((m) => ({ default: m.FaqRoute })));
const PrivacyRoute = lazy(() => import('./routes/privacy').then((m) => ({ default: m.PrivacyRoute })));
const TermsRoute = lazy(() => import('./routes/terms').then((m) => ({ default: m.TermsRoute })));
const DemoMailRoute = lazy(() => import('./routes/demo-mail').then((m) => ({ default: m.DemoMailRoute })));
const ContactRoute = lazy(() => import('./routes/contact').then((m) => ({ default: m.ContactRoute })));

export function AppRouter() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        <Route path="/" component={HomeRoute} />
        <Route path="/client" component={ClientRoute} />
        <Route path="/client/*" component={ClientRoute} />
        <Route path="/admin" component={AdminRoute} />
        <Route path="/login" component={LoginRoute} />
        <Route path="/signup" component={SignupRoute} />
        <Route path="/forgot-password" component={ForgotPasswordRoute} />
        <Route path="/reset-password" component={ResetPasswordRoute} />
        <Route path="/faq" component={FaqRoute} />
        <Route path="/privacy" component={PrivacyRoute} />
        <Route path="/terms" component={TermsRoute} />
        <Route path="/contact" component={ContactRoute} />
        <Route path="/demo/mail" component={DemoMailRoute} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
