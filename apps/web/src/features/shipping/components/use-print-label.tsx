import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { NO_LABEL_MESSAGE, type ShippingLabel, type Submission } from '@assay/domain';
import { apiErrorCode, errorMessage } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import { createLabel, fetchLabelPdf, labelFileName } from '../api/labels';
import { otherParcelsText } from '../lib/other-parcels';
import { pickLabelSubmission } from '../lib/pick-label-submission';
import { AddressDialog } from './address-dialog';
import { queryKeys } from '@/lib/query-keys';

export interface PrintLabel {
  /**
   * Creates (or finds) the labels of one submission and downloads the first parcel's PDF; with
   * `parcelCount` above 1 the toast says where the other parcels' labels are.
   */
  printFor: (submissionId: string, parcelCount?: number) => Promise<void>;
  /** SPEC 7's 1-click flow: the most recent new or appraising submission. */
  printLatest: (submissions: readonly Submission[]) => Promise<void>;
  /** The submission whose label is being made, for a spinner on its button. */
  printingId: string | null;
  /** The address form, asked the first time; render it once on the page. */
  dialog: ReactNode;
}

/** A failed step of the flow, with SPEC 8's title for that step. */
class StepError extends Error {
  readonly title: string;
  readonly reason: unknown;
  constructor(title: string, reason: unknown) {
    super(title);
    this.title = title;
    this.reason = reason;
  }
}

/** SPEC 7 "Label" flow with SPEC 8's messages for each step. */
export function usePrintLabel(): PrintLabel {
  const queryClient = useQueryClient();
  const [printingId, setPrintingId] = useState<string | null>(null);
  const [addressFor, setAddressFor] = useState<string | null>(null);
  const running = useRef(false);

  const printFor = useCallback(
    async (submissionId: string, parcelCount = 1) => {
      if (running.current) return;
      running.current = true;
      setPrintingId(submissionId);
      try {
        let label: ShippingLabel;
        try {
          label = await createLabel(submissionId);
        } catch (err) {
          if (apiErrorCode(err) === 'ADDRESS_REQUIRED') {
            setAddressFor(submissionId);
            return;
          }
          throw new StepError('Failed to create shipping label', err);
        }
        void queryClient.invalidateQueries({ queryKey: queryKeys.submissions.all });
        if (!label?.id || !label.trackingNumber) {
          toast.error(NO_LABEL_MESSAGE);
          return;
        }
        let pdf: Blob;
        try {
          pdf = await fetchLabelPdf(label.id);
        } catch (err) {
          throw new StepError('Failed to generate PDF', err);
        }
        const fileName = labelFileName(label.trackingNumber);
        saveBlob(pdf, fileName);
        toast.success('Label Downloaded', {
          description: `${
            label.validForPostage === false
              ? `${fileName}: a sample label, not valid for postage. Page 2 is the packing slip: put it inside the parcel.`
              : `${fileName}: print it and attach it to your parcel. Page 2 is the packing slip: put it inside the parcel.`
          }${parcelCount > 1 ? ` ${otherParcelsText(parcelCount)}` : ''}`,
        });
      } catch (err) {
        if (err instanceof StepError)
          toast.error(err.title, { description: errorMessage(err.reason, 'Failed to create or download shipping label.') });
        else toast.error('Failed to create or download shipping label.');
      } finally {
        running.current = false;
        setPrintingId(null);
      }
    },
    [queryClient],
  );

  const printLatest = useCallback(
    async (submissions: readonly Submission[]) => {
      const target = pickLabelSubmission(submissions);
      if (!target) {
        toast.error('No Pending Submissions', { description: 'Please create a submission first to get a shipping label.' });
        return;
      }
      await printFor(target.id, target.parcelCount ?? 1);
    },
    [printFor],
  );

  const dialog = (
    <AddressDialog
      open={addressFor !== null}
      onOpenChange={(open) => {
        if (!open) setAddressFor(null);
      }}
      onSaved={() => {
        const id = addressFor;
        setAddressFor(null);
        if (id) void printFor(id);
      }}
    />
  );

  return { printFor, printLatest, printingId, dialog };
}
