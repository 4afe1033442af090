// The police holds module's public face: its routes.
export { policeHoldsRoutes } from './police-holds.routes.ts';
