// The bench module's public face: what other modules and app.ts may use.
export { benchRoutes } from './bench.routes.ts';
export {
  copyTestsOfLines,
  recordItemTest,
  recordSampleInstruments,
  summaryKey,
  testSummariesOfSubmission,
} from './bench.service.ts';
