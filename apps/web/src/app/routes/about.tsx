import { AboutPage } from '../pages/about-page';

/** '/about': public, who Assay is (the same for visitors and signed-in users). */
export function AboutRoute() {
  return <AboutPage />;
}
