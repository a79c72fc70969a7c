/**
 * Hands a fetched file to the browser as a download named `fileName`. The file comes through
 * `call` (token, ApiError on failure), so a refused export shows the server's message instead of
 * saving an error page.
 */
export function saveBlob(blob: Blob, fileName: string): void {
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
