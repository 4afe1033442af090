// The custody module's public face: its routes, and the placing of a received parcel's items in the
// vault, which the appraisal workflow's receive command calls inside its own transaction.
export { custodyRoutes } from './custody.routes.ts';
export { placeItemsOfSubmissions, placeReceivedItems } from './custody.service.ts';
