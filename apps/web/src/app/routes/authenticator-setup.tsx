import { useSearchParams } from 'wouter';
import { CurrentUserGate } from '../signed-in-gate';
import { AuthenticatorSetupPage } from '../pages/authenticator-setup-page';

/** '/account/authenticator?returnTo=/admin': anyone signed in may set up an authenticator app here. */
export function AuthenticatorSetupRoute() {
  const [params] = useSearchParams();
  return <CurrentUserGate>{(user) => <AuthenticatorSetupPage user={user} returnTo={params.get('returnTo')} />}</CurrentUserGate>;
}
