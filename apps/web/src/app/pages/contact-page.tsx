import { Link } from 'wouter';
import { paths } from '@/lib/paths';
import { HelpCircle, Mail, Phone } from 'lucide-react';
import { SUPPORT_RESPONSE_WITHIN_HOURS } from '@assay/domain';
import { Card } from '@/components/ui/card';
import { supportContact } from '@/lib/site';
import { PublicPageLayout } from '../layouts/public-layout';

const link = 'font-semibold text-navy-700 underline underline-offset-4 [overflow-wrap:anywhere]';

export function ContactPage() {
  return (
    <PublicPageLayout
      title="Contact"
      lead={`Our support team answers every e-mail within ${SUPPORT_RESPONSE_WITHIN_HOURS} hours.`}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="flex flex-col gap-2 p-6">
          <Mail aria-hidden="true" className="size-6 text-navy-700" />
          <h2 className="text-lg font-semibold text-navy-900">E-mail</h2>
          <a href={`mailto:${supportContact.email}`} className={link}>
            {supportContact.email}
          </a>
          <p className="text-sm text-muted-foreground">
            Include your submission number (the last 8 characters shown on its card) if you have one.
          </p>
        </Card>
        <Card className="flex flex-col gap-2 p-6">
          <Phone aria-hidden="true" className="size-6 text-navy-700" />
          <h2 className="text-lg font-semibold text-navy-900">Phone</h2>
          <a href={supportContact.phoneHref} className={link}>
            {supportContact.phone}
          </a>
          <p className="text-sm text-muted-foreground">Toll-free, {supportContact.hours}.</p>
        </Card>
        <Card className="flex flex-col gap-2 p-6 sm:col-span-2">
          <HelpCircle aria-hidden="true" className="size-6 text-navy-700" />
          <h2 className="text-lg font-semibold text-navy-900">Quick answers</h2>
          <p className="text-sm text-muted-foreground">
            Insurance, timing, fees, declining an offer and ID checks are covered in our{' '}
            <Link href={paths.faq} className={link}>
              frequently asked questions
            </Link>
            .
          </p>
        </Card>
      </div>
    </PublicPageLayout>
  );
}
