import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { FullPageSpinner } from '@/components/ui/spinner';
import { NotFoundPage } from './pages/not-found-page';
import { AdminRoute } from './routes/admin';
import { ClientRoute } from './routes/client';
import { HomeRoute } from './routes/home';

// The auth pages carry the form and validation libraries; most visits never need them.
const LoginRoute = lazy(() => import('./routes/login').then((m) => ({ default: m.LoginRoute })));
const SignupRoute = lazy(() => import('./routes/signup').then((m) => ({ default: m.SignupRoute })));
const ForgotPasswordRoute = lazy(() => import('./routes/forgot-password').then((m) => ({ default: m.ForgotPasswordRoute })));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password').then((m) => ({ default: m.ResetPasswordRoute })));

export function AppRouter() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        <Route path="/" component={HomeRoute} />
        <Route path="/client" component={ClientRoute} />
        <Route path="/admin" component={AdminRoute} />
        <Route path="/login" component={LoginRoute} />
        <Route path="/signup" component={SignupRoute} />
        <Route path="/forgot-password" component={ForgotPasswordRoute} />
        <Route path="/reset-password" component={ResetPasswordRoute} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
