/**
 * Content checks for uploads: the declared extension must be allowed and the
 * bytes must really be that kind of file.
 */

/** Extensions whose content carries no magic number; accepted when the bytes look like text. */
const TEXT_EXTENSIONS = new Set([
  'txt',
  'csv',
  'json',
  'md',
  'vtt',
  'srt',
  'xml',
  'html',
  'htm',
  'svg',
]);

/** Sniffed extensions that a declared extension may legitimately come back as. */
const EQUIVALENT: Record<string, readonly string[]> = {
  jpeg: ['jpg'],
  jpg: ['jpg'],
  tif: ['tif'],
  tiff: ['tif'],
  m4v: ['mp4', 'm4v'],
  mov: ['mov', 'qt'],
  // Old Office formats are all Compound File Binary containers.
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  // A SCORM package or any archive of ours is a plain zip.
  zip: ['zip'],
  svg: ['svg', 'xml'],
};

const MIME_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  md: 'text/markdown; charset=utf-8',
  vtt: 'text/vtt',
  srt: 'application/x-subrip',
  xml: 'application/xml',
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  svg: 'image/svg+xml',
};

export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function assertAllowList(allowed: readonly string[]): void {
  if (allowed.length === 0) throw new Error('An upload allow-list must not be empty (spec §5).');
}

export function isAllowedExtension(name: string, allowed: readonly string[]): boolean {
  assertAllowList(allowed);
  const ext = extensionOf(name);
  return ext !== '' && allowed.map((a) => a.toLowerCase().replace(/^\./, '')).includes(ext);
}

/** True when the first bytes contain no NUL and decode as UTF-8: what "text" means here. */
export function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, trimToCharBoundary(head)));
    return true;
  } catch {
    return false;
  }
}

// A sample cut mid-character is still text; drop a trailing partial UTF-8 sequence.
function trimToCharBoundary(head: Uint8Array): number {
  let end = head.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const b = head[end - i]!;
    if ((b & 0xc0) === 0x80) continue;
    if ((b & 0xc0) === 0xc0) end -= i;
    break;
  }
  return end;
}

/**
 * Decides whether content sniffed as `sniffed` (undefined: no magic number)
 * may be stored under the declared extension. Returns the content type to
 * serve it with, or null when it must be refused.
 */
export function contentTypeFor(
  declared: string,
  sniffed: { ext: string; mime: string } | undefined,
  head: Uint8Array,
): string | null {
  if (TEXT_EXTENSIONS.has(declared)) {
    // SVG and XML are text but some sniffers recognise them; either way it must be text.
    if (sniffed && !(EQUIVALENT[declared] ?? []).includes(sniffed.ext)) return null;
    return looksLikeText(head)
      ? (MIME_BY_EXTENSION[declared] ?? 'text/plain; charset=utf-8')
      : null;
  }
  if (!sniffed) return null;
  const accepted = EQUIVALENT[declared] ?? [declared];
  return accepted.includes(sniffed.ext) ? sniffed.mime : null;
}
