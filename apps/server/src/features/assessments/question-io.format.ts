import { unsupportedMediaType } from '../../core/errors/app-error.ts';
import type { SpreadsheetLimits } from '../../core/export/spreadsheet-read.ts';
import { zipNames } from './qti-zip.ts';

/**
 * What an uploaded question file is, by its bytes (never its name): a zip holding
 * imsmanifest.xml is a QTI package, a zip holding [Content_Types].xml and xl/ parts is an XLSX
 * workbook, UTF-8 text without NUL bytes is CSV. Anything else is a 415.
 */
export type ImportFormat = 'qti' | 'xlsx' | 'csv';

const ZIP_MAGIC = [Buffer.from('PK\x03\x04'), Buffer.from('PK\x05\x06')];
const UNKNOWN =
  'The file is neither a QTI package (a zip with imsmanifest.xml), an XLSX workbook nor a CSV file.';

export async function detectFormat(
  content: Buffer,
  limits: SpreadsheetLimits,
): Promise<ImportFormat> {
  if (ZIP_MAGIC.some((m) => content.subarray(0, 4).equals(m))) {
    const names = [...(await zipNames(content, limits))].map((n) => n.toLowerCase());
    if (names.includes('imsmanifest.xml')) return 'qti';
    if (names.includes('[content_types].xml') && names.some((n) => n.startsWith('xl/')))
      return 'xlsx';
    throw unsupportedMediaType(
      'The zip file is neither a QTI package (no imsmanifest.xml at its root) nor an XLSX workbook.',
    );
  }
  const head = content.subarray(0, 64 * 1024);
  if (content.length === 0 || head.includes(0)) throw unsupportedMediaType(UNKNOWN);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/^\uFEFF/, '');
  // A lone XML item is not a package: say what to send instead.
  if (/^\s*</.test(text))
    throw unsupportedMediaType(
      'Send QTI items as a package: a zip with imsmanifest.xml listing the item files.',
    );
  // Text that is not valid UTF-8 (replacement characters) is not a CSV we can read faithfully.
  if (text.slice(0, -4).includes('\uFFFD')) throw unsupportedMediaType(UNKNOWN);
  return 'csv';
}
