import { TermsPage } from '../pages/terms-page';

/** '/terms': public, the same for visitors and signed-in users. */
export function TermsRoute() {
  return <TermsPage />;
}
