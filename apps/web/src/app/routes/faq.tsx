import { FaqPage } from '../pages/faq-page';

/** '/faq': public, the same for visitors and signed-in users. */
export function FaqRoute() {
  return <FaqPage />;
}
