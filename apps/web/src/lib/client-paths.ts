import { paths } from './paths';

/** The client's views (dashboard, new submission, payout, consignment): the part of the route table in paths.ts the features link to most. */
export const clientPaths = paths.client;
