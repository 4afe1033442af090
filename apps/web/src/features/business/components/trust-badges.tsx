import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Award, Clock, Lock, Truck } from 'lucide-react';
import { APPRAISAL_WITHIN_HOURS_OF_RECEIPT, appraisersBadgeText, insuredBadgeText, streetAddress } from '@assay/domain';
import { paths } from '@/lib/paths';
import { useBusiness } from '@/lib/business';
import { ExampleMarker } from './example-marker';

interface Badge {
  icon: ReactNode;
  /** SPEC's four badge names, kept as the titles. */
  title: 'SSL Secure' | 'Insured Shipping' | 'Expert Appraisers' | '48-Hour Guarantee';
  /** The concrete thing behind it; null while the business details load. */
  detail: string | null;
}

/** The landing page's trust badges: SPEC's four names, each with what it concretely means. */
export function TrustBadges() {
  const { data: business } = useBusiness();
  const badges: Badge[] = [
    { icon: <Lock />, title: 'SSL Secure', detail: 'Every page over HTTPS; bank details stored encrypted' },
    { icon: <Truck />, title: 'Insured Shipping', detail: business ? insuredBadgeText(business) : null },
    { icon: <Award />, title: 'Expert Appraisers', detail: business ? appraisersBadgeText(business) : null },
    {
      icon: <Clock />,
      title: '48-Hour Guarantee',
      detail: `Final offer within ${APPRAISAL_WITHIN_HOURS_OF_RECEIPT} hours of your parcel arriving`,
    },
  ];
  return (
    <div className="mt-12">
      <ul aria-label="Why sellers trust Assay" className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-4 lg:gap-4">
        {badges.map((badge) => (
          <li
            key={badge.title}
            className="flex items-start gap-3 rounded-lg border border-white/10 bg-white/5 px-3 py-3 text-white [&_svg]:mt-0.5 [&_svg]:size-5 [&_svg]:shrink-0 [&_svg]:text-gold-400"
          >
            <span aria-hidden="true">{badge.icon}</span>
            <span className="flex min-w-0 flex-col">
              <span className="text-sm font-semibold">{badge.title}</span>
              {badge.detail && <span className="mt-0.5 text-sm text-navy-100 [overflow-wrap:anywhere]">{badge.detail}</span>}
            </span>
          </li>
        ))}
      </ul>
      {business && (
        <p className="mt-3 text-sm text-navy-100">
          {business.example && <ExampleMarker className="mr-2" />}
          {business.legalName}, {streetAddress(business.address)}.{' '}
          <Link
            href={paths.about}
            className="rounded-sm font-medium text-white underline underline-offset-4 focus-visible:outline-gold-400"
          >
            Licences, insurance and appraisers
          </Link>
        </p>
      )}
    </div>
  );
}
