// The submissions module's public face: what other modules, the composition root and the jobs may use.
// Other modules read a submission inside their own transaction under the names below (the row,
// read or locked until the caller's transaction ends, and its item photos in slot order); its
// status changes only through transitionSubmission (decision 017).
export {
  findSubmissionById as findSubmissionRow,
  imageIdsBySubmission as photoIdsOfSubmissions,
  lockSubmission as lockSubmissionRow,
  photoIdsOfRow as photoIdsColumn,
  type SubmissionRow,
} from './submissions.repository.ts';
export {
  kycNotYetRequested,
  type SubmissionChanges,
  transitionSubmission,
  updateSubmissionIf,
} from './submission-status.repository.ts';
export { submissionsRoutes } from './submissions.routes.ts';
export { assertCanAddPhoto, attachSeedPhotos, isSubmissionOwnedBy, toSubmissionDto } from './submissions.service.ts';
export { reserveAllowsDecline, reserveStateOf } from './seller-reserve.ts';
export { insertFirstItems, itemViewsOf, itemViewsOfSubmissions } from './submission-items.ts';
export { listItemsOfSubmission, settleItems, type SubmissionItemRow } from './submission-items.repository.ts';
