import { AlertCircle } from 'lucide-react';
import { formatCents, streetAddress } from '@assay/domain';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useBusiness } from '@/lib/business';
import { ExampleMarker } from '@/features/business/components/example-marker';
import { supportContact } from '@/lib/site';
import { Prose, PublicPageLayout } from '../layouts/public-layout';

/** Who Assay is (DECISIONS, business identity): legal name, address, licences, insurance, appraisers. */
export function AboutPage() {
  const { data: business, isPending, isError } = useBusiness();
  return (
    <PublicPageLayout title="About Assay" lead="Who buys your items, where we are, and who checks them.">
      {isPending ? (
        <Spinner label="Loading our business details..." />
      ) : isError || !business ? (
        <Alert variant="error">
          <AlertCircle aria-hidden="true" />
          <span>We could not load our business details. Please try again in a moment.</span>
        </Alert>
      ) : (
        <Prose>
          {business.example && (
            <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <ExampleMarker className="mr-2" />
              This is a demo: the business below is fictional, and every detail marked &ldquo;(example)&rdquo; is made up.
            </p>
          )}
          <h2>The business</h2>
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr] [&_dd]:text-foreground [&_dt]:font-semibold [&_dt]:text-navy-900">
            <dt>Legal name</dt>
            <dd>
              {business.legalName} {business.example && <ExampleMarker />}
            </dd>
            <dt>Address</dt>
            <dd>{streetAddress(business.address)}</dd>
            <dt>Support</dt>
            <dd>
              <a href={`mailto:${supportContact.email}`}>{supportContact.email}</a>, {supportContact.phone}
            </dd>
          </dl>
          <h2>Licences and registrations</h2>
          {business.licences.length > 0 ? (
            <ul>
              {business.licences.map((licence) => (
                <li key={`${licence.authority}-${licence.number}`}>
                  {licence.authority}: <span className="font-mono">{licence.number}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p>No licence numbers are listed yet; ask our support team for them.</p>
          )}
          <h2>Insurance</h2>
          <p>
            Every parcel you send with our prepaid label is insured by {business.insurer} up to{' '}
            {formatCents(business.insuredLimitCents, { wholeDollars: true })}, from the moment the carrier takes it until it
            reaches us, and again on the way back if you decline our offer.
          </p>
          <h2>Who appraises your items</h2>
          {business.appraisers.length > 0 ? (
            <ul>
              {business.appraisers.map((appraiser) => (
                <li key={appraiser.name}>
                  <span className="font-semibold">{appraiser.name}</span>, {appraiser.credential}
                </li>
              ))}
            </ul>
          ) : (
            <p>Our appraisers test, weigh and value every item by hand.</p>
          )}
        </Prose>
      )}
    </PublicPageLayout>
  );
}
