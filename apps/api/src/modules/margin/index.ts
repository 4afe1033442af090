// The margin view's public face: its route.
export { marginRoutes } from './margin.routes.ts';
