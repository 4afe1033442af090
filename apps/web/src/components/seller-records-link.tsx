import { FileJson } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';
import { downloadAttachment } from '@/lib/attachment-download';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';

// Shared by three work areas (an identity check, a submission's history, the compliance reports),
// so the component carries its own download call.
const sellerRecordsHref = (userId: string) => `/api/admin/compliance/seller/${encodeURIComponent(userId)}/records`;

/** GET one seller's records (JSON) and save them; answers the file's name. */
function useExportSellerRecords() {
  return useMutation({
    mutationFn: (userId: string) => downloadAttachment(sellerRecordsHref(userId), 'assay-seller-records.json'),
  });
}

/**
 * "Export seller's records": the account, addresses, identity checks with the full ID number,
 * submissions, payouts and their audit entries, as a JSON file (audited on the server).
 */
export function SellerRecordsLink({ userId, className }: { userId: string; className?: string }) {
  const exportRecords = useExportSellerRecords();
  const busy = exportRecords.isPending;
  return (
    <Button
      variant="link"
      size="sm"
      // Wraps rather than overflows in a narrow column (an identity check on a phone).
      className={cn('h-auto max-w-full whitespace-normal text-left', className)}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() =>
        exportRecords.mutate(userId, {
          onSuccess: (fileName) => toast.success("Seller's records exported", { description: fileName }),
          onError: (err) => toast.error("Could not export the seller's records", { description: errorMessage(err) }),
        })
      }
    >
      <FileJson aria-hidden="true" />
      {busy ? 'Exporting…' : "Export seller's records"}
    </Button>
  );
}
