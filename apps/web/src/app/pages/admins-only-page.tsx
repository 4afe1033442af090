import { Link } from 'wouter';
import { paths } from '@/lib/paths';
import { ShieldX } from 'lucide-react';
import type { CurrentUser } from '@assay/domain';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SignedInLayout } from '../layouts/signed-in-layout';

/** A signed-in client who opens /admin. The server refuses the data anyway; this explains why. */
export function AdminsOnlyPage({ user }: { user: CurrentUser }) {
  return (
    <SignedInLayout user={user}>
      <Card className="mx-auto mt-4 flex max-w-lg flex-col items-center gap-4 px-6 py-10 text-center sm:mt-12">
        <span aria-hidden="true" className="rounded-full bg-navy-50 p-4 text-navy-700">
          <ShieldX className="size-8" />
        </span>
        <h1 className="text-2xl font-bold text-navy-900">Admins only</h1>
        <p className="text-muted-foreground">
          This area is for Assay appraisers, who review and price submissions. Your account is a client account, so your
          submissions, offers and payouts are on your dashboard.
        </p>
        <Button asChild>
          <Link href={paths.home}>Back to your dashboard</Link>
        </Button>
      </Card>
    </SignedInLayout>
  );
}
