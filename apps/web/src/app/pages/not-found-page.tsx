import { Link } from 'wouter';
import { Compass } from 'lucide-react';
import { Logo } from '@/components/logo';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-12 text-center">
      <Link href={paths.home} aria-label="Assay home" className="rounded-md">
        <Logo />
      </Link>
      <main className="flex max-w-md flex-col items-center gap-4">
        <span aria-hidden="true" className="rounded-full bg-gold-50 p-4 text-gold-700">
          <Compass className="size-8" />
        </span>
        <h1 className="text-3xl font-bold text-navy-900">404 Page Not Found</h1>
        <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
        <Button asChild>
          <Link href={paths.home}>Go to the home page</Link>
        </Button>
      </main>
    </div>
  );
}
