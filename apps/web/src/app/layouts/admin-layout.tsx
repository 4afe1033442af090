import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import {
  Banknote,
  Boxes,
  ChartLine,
  Factory,
  Flame,
  Gauge,
  IdCard,
  Inbox,
  Landmark,
  Microscope,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import type { CurrentUser } from '@assay/domain';
import { useMailboxCounts } from '@/features/appraisal/api/mailbox';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { PageHeader, SignedInLayout } from './signed-in-layout';

type AdminArea = { href: string; label: string; icon: LucideIcon };

/** The appraiser's work areas, in the order of a submission's life: appraise, verify, pay, comply, keep, melt, price; then the bench's instruments. */
export const adminAreas: readonly AdminArea[] = [
  { href: paths.admin, label: 'Mailbox', icon: Inbox },
  { href: paths.adminIdentity, label: 'Identity', icon: IdCard },
  { href: paths.adminPayouts, label: 'Payouts', icon: Banknote },
  { href: paths.adminRails, label: 'Rails', icon: Landmark },
  { href: paths.adminCompliance, label: 'Compliance', icon: ShieldCheck },
  { href: paths.adminCustody, label: 'Custody', icon: Boxes },
  { href: paths.adminLots, label: 'Melt lots', icon: Flame },
  { href: paths.adminRefiners, label: 'Refiners', icon: Factory },
  { href: paths.adminMargin, label: 'Margin', icon: ChartLine },
  { href: paths.adminPrices, label: 'Prices', icon: Gauge },
  { href: paths.adminBench, label: 'Bench', icon: Microscope },
];

// SPEC 2: an appraiser's '/' is the mailbox too.
const isCurrent = (href: string, location: string) => href === location || (href === paths.admin && location === paths.home);

/**
 * The bar every admin page shares. It wraps rather than scrolls, so all areas stay in sight at
 * 375 px. The mailbox carries the count of new submissions: the maintained counter the mailbox
 * polls anyway; the other queues have no count the API gives without loading the whole queue.
 */
function AdminNav() {
  const [location] = useLocation();
  const counts = useMailboxCounts();
  const newCount = counts.data?.new;
  return (
    <nav aria-label="Appraiser work areas" className="mb-6 sm:mb-8">
      <ul className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
        {adminAreas.map(({ href, label, icon: Icon }) => {
          const current = isCurrent(href, location);
          return (
            <li key={href} className="flex-auto sm:flex-none">
              <Link
                href={href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                  current ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
                {href === paths.admin && newCount !== undefined && newCount > 0 && (
                  <span
                    className={cn(
                      'rounded-full px-1.5 py-px text-xs font-semibold tabular-nums',
                      current ? 'bg-navy-900 text-white' : 'bg-white/70 text-muted-foreground',
                    )}
                  >
                    {newCount}
                    <span className="sr-only"> new</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A page of the appraiser's: the signed-in header, the work areas' bar, then the page's title and content. */
export function AdminLayout({
  user,
  title,
  subtitle,
  actions,
  children,
}: {
  user: CurrentUser;
  title: string;
  subtitle: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <SignedInLayout user={user}>
      <AdminNav />
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      {children}
    </SignedInLayout>
  );
}
