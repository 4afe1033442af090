// The refiner-settlement workflow's public face: its routes.
export { refinerSettlementRoutes } from './refiner-settlement.routes.ts';
