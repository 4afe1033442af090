import { Link } from 'wouter';
import { Plus } from 'lucide-react';
import { clientPaths } from '@/lib/client-paths';
import { Button } from '@/components/ui/button';

/** Opens the New Submission view. */
export function NewSubmissionButton({ children = 'New Submission' }: { children?: string }) {
  return (
    <Button asChild variant="accent">
      <Link href={clientPaths.newSubmission}>
        <Plus aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
