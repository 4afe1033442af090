// The records-retention workflow's public face: the list of records past their period and their erase.
export { recordsRetentionRoutes } from './records-retention.routes.ts';
