import path from 'node:path/posix';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError, badRequest, payloadTooLarge } from '../errors/app-error.ts';
import { formatBytes } from '../storage/local-file-store.ts';
import { XmlFormatError, XmlScanner } from './xml-scan.ts';
import { DeclaredSizes, InflateBudget, ratioText } from './zip-guard.ts';

/**
 * Reads the first sheet of an XLSX file row by row, without trusting the
 * zip: the directory is checked first (entry count, each entry's and the
 * total declared size, compression ratio per entry and overall), then only
 * the parts needed are inflated (workbook, its relationships, shared
 * strings, the sheet), streamed through an XML scanner while every inflated
 * byte is counted against one budget. The caller stops reading by throwing
 * from `onRow` (the row limit).
 */
export interface XlsxLimits {
  maxUnpackedBytes: number;
  maxEntries: number;
  maxRatio: number;
  ratioFloorBytes: number;
}

export const unpackedTooLarge = (maxBytes: number) =>
  payloadTooLarge(`The spreadsheet is too large once unpacked (limit ${formatBytes(maxBytes)}).`);

const unreadable = (detail?: string) =>
  badRequest('The XLSX file could not be read.', {
    file: [
      detail ? `The XLSX file could not be read (${detail}).` : 'The XLSX file could not be read.',
    ],
  });

const suspiciousRatio = (what: string, ratio: string, max: number) =>
  payloadTooLarge(
    `The spreadsheet is compressed suspiciously well (${what} unpacks at ${ratio}, more than ${max}:1) and is refused as a possible zip bomb.`,
  );

/** yauzl's complaints, in our words; ours pass through. */
function fromZipError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const message = (err as Error).message ?? String(err);
  if (err instanceof XmlFormatError) return unreadable(message);
  if (/too many bytes|not enough bytes/.test(message))
    return badRequest('The XLSX file is damaged: a part does not match the size it declares.', {
      file: ['A part of the XLSX file does not match the size it declares.'],
    });
  return unreadable();
}

function openZip(content: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      content,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(unreadable()) : resolve(zip)),
    );
  });
}

/** Every entry of the directory, checked against the limits before anything is inflated. */
function readDirectory(zip: ZipFile, limits: XlsxLimits): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    if (zip.entryCount > limits.maxEntries) {
      reject(
        payloadTooLarge(
          `The spreadsheet has more than ${limits.maxEntries} parts; it is not an ordinary XLSX file.`,
        ),
      );
      return;
    }
    const sizes = new DeclaredSizes(limits);
    const entries = new Map<string, Entry>();
    zip.on('error', (err) => reject(fromZipError(err)));
    zip.on('entry', (entry: Entry) => {
      const problem = sizes.add(entry);
      if (problem === 'too-large') return reject(unpackedTooLarge(limits.maxUnpackedBytes));
      if (problem === 'ratio')
        return reject(
          suspiciousRatio(
            `“${entry.fileName.slice(0, 80)}”`,
            ratioText(entry.uncompressedSize, entry.compressedSize),
            limits.maxRatio,
          ),
        );
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => {
      if (sizes.overall() === 'ratio')
        return reject(
          suspiciousRatio(
            'the whole file',
            ratioText(sizes.uncompressed, sizes.compressed),
            limits.maxRatio,
          ),
        );
      resolve(entries);
    });
    zip.readEntry();
  });
}

/** Streams one part through the scanner, counting inflated bytes against the budget. */
async function scan(zip: ZipFile, entry: Entry, budget: InflateBudget, scanner: XmlScanner) {
  const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) => {
    zip.openReadStream(entry, (err, s) => (err || !s ? reject(fromZipError(err)) : resolve(s)));
  });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.take(chunk.length);
      scanner.write(chunk);
    }
    scanner.end();
  } catch (err) {
    throw fromZipError(err);
  } finally {
    (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  }
}

/** A relationship target, resolved against the folder of the part that names it. */
function resolveTarget(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  return path.normalize(path.join(path.dirname(from), target)).replace(/^\/+/, '');
}

const relsOf = (part: string) =>
  path.join(path.dirname(part), '_rels', `${path.basename(part)}.rels`);

interface Rel {
  id: string;
  type: string;
  target: string;
}

async function readRels(
  zip: ZipFile,
  entries: Map<string, Entry>,
  part: string,
  budget: InflateBudget,
): Promise<Rel[]> {
  const entry = entries.get(relsOf(part));
  if (!entry) return [];
  const rels: Rel[] = [];
  await scan(
    zip,
    entry,
    budget,
    new XmlScanner({
      open(name, a) {
        if (name === 'Relationship' && a.Target)
          rels.push({ id: a.Id ?? '', type: a.Type ?? '', target: resolveTarget(part, a.Target) });
      },
    }),
  );
  return rels;
}

/** The text of every `<si>` of the shared strings part (phonetic runs left out). */
async function readSharedStrings(zip: ZipFile, entry: Entry, budget: InflateBudget) {
  const strings: string[] = [];
  let parts: string[] = [];
  let inT = false;
  let phonetic = 0;
  await scan(
    zip,
    entry,
    budget,
    new XmlScanner({
      open(name) {
        if (name === 'si') parts = [];
        else if (name === 'rPh') phonetic += 1;
        else if (name === 't' && phonetic === 0) inT = true;
      },
      close(name) {
        if (name === 't') inT = false;
        else if (name === 'rPh') phonetic -= 1;
        else if (name === 'si') strings.push(parts.join(''));
      },
      text(text) {
        if (inT) parts.push(text);
      },
    }),
  );
  return strings;
}

/** "C12" → 2 (zero-based column); NaN when there is no column. */
function columnOf(ref: string | undefined): number {
  if (!ref) return Number.NaN;
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20;
    if (c < 0x61 || c > 0x7a) break;
    col = col * 26 + (c - 0x60);
    if (col > 16_384) return Number.NaN;
  }
  return i === 0 ? Number.NaN : col - 1;
}

function cellText(type: string | undefined, value: string, inline: string, shared: string[]) {
  switch (type) {
    case 's':
      return shared[Number(value)] ?? '';
    case 'inlineStr':
      return inline;
    case 'b':
      return value === '1' ? 'true' : value === '0' ? 'false' : value;
    case 'str':
    case 'e':
    case 'd':
      return value;
    default: {
      if (value === '') return '';
      const n = Number(value);
      return Number.isFinite(n) ? String(n) : value;
    }
  }
}

/**
 * Calls `onRow(line, cells)` for each row of the first sheet, in order
 * (blank rows may be skipped; `line` is the row's number in the sheet).
 */
export async function readXlsxRows(
  content: Buffer,
  limits: XlsxLimits,
  onRow: (line: number, cells: string[]) => void,
): Promise<void> {
  const zip = await openZip(content);
  try {
    const entries = await readDirectory(zip, limits);
    const budget = new InflateBudget(limits.maxUnpackedBytes, () =>
      unpackedTooLarge(limits.maxUnpackedBytes),
    );
    const officeDocument = (await readRels(zip, entries, '', budget)).find((r) =>
      r.type.endsWith('/officeDocument'),
    );
    const workbookPath = officeDocument?.target ?? 'xl/workbook.xml';
    const workbook = entries.get(workbookPath);
    if (!workbook) throw unreadable('no workbook');
    let firstSheetRel: string | undefined;
    await scan(
      zip,
      workbook,
      budget,
      new XmlScanner({
        open(name, a) {
          if (name === 'sheet' && firstSheetRel === undefined) firstSheetRel = a.id ?? '';
        },
      }),
    );
    const rels = await readRels(zip, entries, workbookPath, budget);
    const sheetPath = rels.find((r) => r.id === firstSheetRel)?.target;
    const sheet = sheetPath ? entries.get(sheetPath) : undefined;
    if (!sheet) throw unreadable('no worksheet');
    const sharedPath = rels.find((r) => r.type.endsWith('/sharedStrings'))?.target;
    const sharedEntry = sharedPath ? entries.get(sharedPath) : undefined;
    const shared = sharedEntry ? await readSharedStrings(zip, sharedEntry, budget) : [];

    let rowNumber = 0;
    let cells: string[] = [];
    let col = -1;
    let type: string | undefined;
    let value: string[] = [];
    let inline: string[] = [];
    let inV = false;
    let inT = false;
    let phonetic = 0;
    await scan(
      zip,
      sheet,
      budget,
      new XmlScanner({
        open(name, a) {
          switch (name) {
            case 'row': {
              const r = Number(a.r);
              rowNumber = Number.isInteger(r) && r > rowNumber ? r : rowNumber + 1;
              cells = [];
              col = -1;
              break;
            }
            case 'c': {
              const c = columnOf(a.r);
              col = Number.isNaN(c) || c <= col ? col + 1 : c;
              type = a.t;
              value = [];
              inline = [];
              break;
            }
            case 'v':
              inV = true;
              break;
            case 'rPh':
              phonetic += 1;
              break;
            case 't':
              if (phonetic === 0) inT = true;
              break;
          }
        },
        close(name) {
          switch (name) {
            case 'v':
              inV = false;
              break;
            case 't':
              inT = false;
              break;
            case 'rPh':
              phonetic -= 1;
              break;
            case 'c': {
              const text = cellText(type, value.join(''), inline.join(''), shared);
              if (text !== '') {
                // Past the limit the collector refuses the row; do not grow an array to get there.
                if (col >= 16_384) col = 16_383;
                while (cells.length < col) cells.push('');
                cells[col] = text;
              }
              break;
            }
            case 'row':
              onRow(rowNumber, cells);
              break;
          }
        },
        text(text) {
          if (inV) value.push(text);
          else if (inT) inline.push(text);
        },
      }),
    );
  } catch (err) {
    throw fromZipError(err);
  } finally {
    zip.close();
  }
}
