import { apiRequest, type RequestOptions } from './client.ts';

/**
 * Fetches a file through the API client (token, ApiError on failure, so a refused export shows
 * the server's message instead of saving an error page) and hands it to the browser as a
 * download named `fileName`.
 */
export async function downloadFile(
  path: string,
  fileName: string,
  query?: RequestOptions<Blob>['query'],
): Promise<void> {
  const blob = await apiRequest<Blob>(path, { query, parseAs: 'blob' });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download by now; the URL is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Today as YYYY-MM-DD, the way the server stamps export file names. */
export function dateStamp(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
