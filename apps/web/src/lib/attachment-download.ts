import { apiFetch } from './api-client';
import { saveBlob } from './download';

/** The name the server gave the attachment, else ours. */
function attachmentName(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Fetched rather than followed as a link: a refusal (a day to come, an unknown seller) then reads
 * as the server's sentence instead of a downloaded error page. Answers the saved file's name.
 * A file, not JSON: apiFetch rather than the typed client.
 */
export async function downloadAttachment(href: string, fallbackName: string): Promise<string> {
  const response = await apiFetch(href, { headers: { Accept: 'text/csv, application/json' } });
  const fileName = attachmentName(response, fallbackName);
  saveBlob(await response.blob(), fileName);
  return fileName;
}
