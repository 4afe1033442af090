// The melt lots module's public face: its routes.
export { meltLotsRoutes } from './melt-lots.routes.ts';
