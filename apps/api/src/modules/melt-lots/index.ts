// The melt lots module's public face: its routes, and the lots' side of a refiner's settlement.
export { meltLotsRoutes } from './melt-lots.routes.ts';
export { asClosedLotConflict, type LotToSettle, settleLotsInTx } from './melt-lots.service.ts';
// The appraiser's own commands, for the demo's sample history (modules/demo), which takes a lot through them.
export { addItemToLot, advanceMeltLot, createMeltLot, shipMeltLot } from './melt-lots.service.ts';
