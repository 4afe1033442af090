import { Plus, Printer } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

/** Placeholder until the label and new-submission flows land (next release). */
export function notifyComingSoon(): void {
  toast.info('Coming in the next release');
}

export function DashboardActions() {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <Button variant="outline" onClick={notifyComingSoon}>
        <Printer aria-hidden="true" />
        1-Click Print Label
      </Button>
      <Button variant="accent" onClick={notifyComingSoon}>
        <Plus aria-hidden="true" />
        New Submission
      </Button>
    </div>
  );
}
