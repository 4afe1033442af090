import type { ShippingLabel } from '@assay/domain';
import { api } from '@/lib/api';
import { apiFetch } from '@/lib/api-client';
import { serverPaths } from '@/lib/paths';

/** POST /api/shipping/labels: one label per submission, so asking again answers the same one. */
export function createLabel(submissionId: string): Promise<ShippingLabel> {
  return api.POST('/api/shipping/labels', { body: { submissionId } });
}

/** GET /api/shipping/labels/<id>/pdf as a Blob (sent with the session cookie): a PDF, so apiFetch rather than the typed client. */
export async function fetchLabelPdf(labelId: string): Promise<Blob> {
  const response = await apiFetch(serverPaths.labelPdf(labelId), { headers: { Accept: 'application/pdf' } });
  return response.blob();
}

/** SPEC 7: the file is saved as shipping-label-{trackingNumber}.pdf. */
export function labelFileName(trackingNumber: string): string {
  return `shipping-label-${trackingNumber}.pdf`;
}
