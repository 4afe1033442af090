// The custody module's public face: its routes, the placing of a received parcel's items in the
// vault, which the appraisal workflow's receive command calls inside its own transaction, and the
// reads and the move the melt lots module makes inside its own.
export { custodyRoutes } from './custody.routes.ts';
export {
  findCustodyItemByTag,
  moveItemForLot,
  placeItemsOfSubmissions,
  placeReceivedItems,
  surrenderItemToPolice,
} from './custody.service.ts';
export { type CustodyItemRow, findCustodyItem } from './custody.repository.ts';
