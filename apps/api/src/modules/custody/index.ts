// The custody module's public face: its routes, the placing of a received parcel's items in the
// vault, which the appraisal workflow's receive command calls inside its own transaction, and the
// reads and the move the melt lots module makes inside its own. The bin commands are the demo's
// too: its sample history (modules/demo) shelves its pieces the way an appraiser does.
export { custodyRoutes } from './custody.routes.ts';
export {
  createBin,
  findCustodyItemByTag,
  moveItem,
  moveItemForLot,
  placeItemsOfSubmissions,
  placeReceivedItems,
  surrenderItemToPolice,
} from './custody.service.ts';
export { type CustodyItemRow, findCustodyItem } from './custody.repository.ts';
