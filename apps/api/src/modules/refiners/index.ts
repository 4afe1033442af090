// The refiners module's public face: its routes, and what the settlement workflow reads and writes.
export {
  findActiveRefiner,
  findActiveRefinerByName,
  findSettlementByReference,
  insertSettlement,
  type SettlementLotInsert,
} from './refiners.repository.ts';
export { refinersRoutes } from './refiners.routes.ts';
export { addRefiner, listSettlements, refinerAddressOf, settlementDetail } from './refiners.service.ts';
