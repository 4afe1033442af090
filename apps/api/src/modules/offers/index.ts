// The offers module's public face: what other modules, the composition root and the jobs may use.
export { offersJobs } from './offers.jobs.ts';
export { offersRoutes } from './offers.routes.ts';
export {
  assertOfferAcceptable,
  closeCurrentOffer,
  comparableLines,
  currentOfferOf,
  itemDecisionsOf,
  asNewLine,
  linesOfOffer,
  type NewOfferLine,
  type OfferLineRow,
  offerHistoryOf,
  recordOfferVersion,
  recordPastOffer,
  recordSellerCounter,
  type ItemCounterChoice,
} from './offers.service.ts';
export { listLineRefsOfSubmission as lineRefsOfSubmission, type OfferLineRef } from './offers.repository.ts';
export { floorJudgementOfVersion } from './floor-judgement.ts';
export { publishedTrackRecord, TRACK_RECORD_CACHE_MS } from './track-record.service.ts';
