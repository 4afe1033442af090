import { ContactPage } from '../pages/contact-page';

/** '/contact': public, the same for visitors and signed-in users. */
export function ContactRoute() {
  return <ContactPage />;
}
