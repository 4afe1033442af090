import { PrivacyPage } from '../pages/privacy-page';

/** '/privacy': public, the same for visitors and signed-in users. */
export function PrivacyRoute() {
  return <PrivacyPage />;
}
