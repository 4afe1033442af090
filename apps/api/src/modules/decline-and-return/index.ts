// The decline-and-return module's public face: what other modules, the composition root and the jobs may use.
export { declineAndReturnRoutes } from './decline-and-return.routes.ts';
export { returnBelowReserve } from './return-below-reserve.ts';
export { declineLockedOffer } from './decline-offer.service.ts';
export { shipReturn } from './ship-return.ts';
