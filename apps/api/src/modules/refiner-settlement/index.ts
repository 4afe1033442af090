// The refiner-settlement workflow's public face: its routes.
export { refinerSettlementRoutes } from './refiner-settlement.routes.ts';
// The typed-in settlement, for the demo's sample history (modules/demo): its ledger posted as any.
export { enterSettlement } from './refiner-settlement.service.ts';
