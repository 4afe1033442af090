// The shipping-labels module's public face: what other modules, the composition root and the jobs may use.
export { readLabelAddressesForReport } from './label-addresses.ts';
export { type ParcelState, parcelStateOf, inboundParcelStates } from './parcel-states.ts';
// A column for a select from submissions: the inbound parcel's newest state; read it with parcelStateOf.
export { newestInboundEventOfRow as inboundParcelColumn } from './parcel-tracking.repository.ts';
export { applyTrackingEvent, lockParcelPrices } from './parcel-tracking.service.ts';
// The submission's labels (inbound, return), oldest first, as a summary.
export { listLabelsOfSubmission as labelsOfSubmission } from './shipping-labels.repository.ts';
// When the client corrects the address, the sample labels of parcels not yet received take it as
// their sender, through the job 'sample-labels-follow-address' enqueued with the save.
export { shippingLabelsJobs } from './shipping-labels.jobs.ts';
export { shippingLabelsRoutes } from './shipping-labels.routes.ts';
export {
  addressRequired,
  carrierLabelImage,
  createLabelInTransaction,
  keepCarrierLabelImage,
  toLabelDto,
} from './shipping-labels.service.ts';
// The 4x6 label PDF (page 1 drawn, or the carrier's image; page 2 the packing slip): melt lots print theirs with it.
export { type LabelDocument, renderLabelPdf } from './shipping-labels.pdf.ts';
