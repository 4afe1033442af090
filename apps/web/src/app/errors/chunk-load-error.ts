/**
 * A lazily loaded part of the app (a route's JavaScript or CSS) that did not arrive. After a
 * deploy the old file names are gone, so an open tab fails this way until it reloads; retrying in
 * place cannot help, because React keeps a failed lazy import failed.
 */
const chunkLoadMessages = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload helper, for a route's stylesheet
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || chunkLoadMessages.some((pattern) => pattern.test(error.message));
}
