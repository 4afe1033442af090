// The melt lots module's public face: its routes, and the lots' side of a refiner's settlement.
export { meltLotsRoutes } from './melt-lots.routes.ts';
export { asClosedLotConflict, type LotToSettle, settleLotsInTx } from './melt-lots.service.ts';
