import { useState } from 'react';
import { Link } from 'wouter';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { paths } from '@/lib/paths';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { isChunkLoadError } from './chunk-load-error';
import type { FallbackProps } from './error-boundary';

/** What happened in a sentence and the way on: reload after a deploy, else try again; always home. */
function FallbackMessage({ error, reset }: FallbackProps) {
  const stale = isChunkLoadError(error);
  const [retrying, setRetrying] = useState(false);
  return (
    <div role="alert" className="flex max-w-md flex-col items-center gap-4 text-center">
      <span aria-hidden="true" className="rounded-full bg-gold-50 p-4 text-gold-700">
        {stale ? <RefreshCw className="size-8" /> : <TriangleAlert className="size-8" />}
      </span>
      <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">
        {stale ? 'Assay has been updated' : 'Something went wrong'}
      </h1>
      <p className="text-muted-foreground">
        {stale
          ? 'This part of the site changed since you opened the page. Reload to get the new version; nothing you saved is lost.'
          : 'This page ran into a problem and could not be shown. Nothing you saved is lost: try again, or go back to the home page.'}
      </p>
      <div className="flex flex-col items-center gap-3 sm:flex-row">
        {stale ? (
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
        ) : (
          <Button
            disabled={retrying}
            onClick={() => {
              setRetrying(true);
              void reset();
            }}
          >
            {retrying ? 'Trying again...' : 'Try again'}
          </Button>
        )}
        <Button asChild variant="outline">
          <Link href={paths.home}>Go to the home page</Link>
        </Button>
      </div>
    </div>
  );
}

/** A whole page of its own, for an error outside any page frame (the app root or a route). */
export function ErrorPage(props: FallbackProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-12">
      <Link href={paths.home} aria-label="Assay home" className="rounded-md">
        <Logo />
      </Link>
      <main id="main" className="flex flex-col items-center">
        <FallbackMessage {...props} />
      </main>
    </div>
  );
}

/** In place of a page's content, inside its frame: the header (and the ways out it offers) stays. */
export function ErrorPanel(props: FallbackProps) {
  return (
    <div className="flex justify-center px-4 py-12 sm:py-20">
      <FallbackMessage {...props} />
    </div>
  );
}
