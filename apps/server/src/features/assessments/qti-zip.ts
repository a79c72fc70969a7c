import path from 'node:path/posix';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError, badRequest, payloadTooLarge } from '../../core/errors/app-error.ts';
import type { SpreadsheetLimits } from '../../core/export/spreadsheet-read.ts';
import { DeclaredSizes, InflateBudget, ratioText } from '../../core/export/zip-guard.ts';
import { formatBytes } from '../../core/storage/local-file-store.ts';

/**
 * The XML parts of an uploaded QTI package, read without trusting the zip (the same guards as the
 * XLSX reader: entry count, declared sizes and compression ratio checked on the directory before
 * anything is inflated, then every inflated byte counted against one budget). The `.xml` entries
 * are inflated first; other files only when asked for by name (the images items show), so a
 * package's other media cost nothing, and what is read shares the XML's budget.
 */

const unreadable = () =>
  badRequest('The package could not be read as a zip file.', {
    file: ['The package could not be read as a zip file.'],
  });
const tooLarge = (max: number) =>
  payloadTooLarge(`The package is too large once unpacked (limit ${formatBytes(max)}).`);

function openZip(content: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      content,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(unreadable()) : resolve(zip)),
    );
  });
}

function directory(zip: ZipFile, limits: SpreadsheetLimits): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    if (zip.entryCount > limits.maxEntries)
      return reject(payloadTooLarge(`The package has more than ${limits.maxEntries} files.`));
    const sizes = new DeclaredSizes(limits);
    const entries = new Map<string, Entry>();
    const bomb = (what: string, u: number, c: number) =>
      payloadTooLarge(
        `The package is compressed suspiciously well (${what} unpacks at ${ratioText(u, c)}, more than ${limits.maxRatio}:1) and is refused as a possible zip bomb.`,
      );
    zip.on('error', () => reject(unreadable()));
    zip.on('entry', (entry: Entry) => {
      const problem = sizes.add(entry);
      if (problem === 'too-large') return reject(tooLarge(limits.maxUnpackedBytes));
      if (problem === 'ratio')
        return reject(
          bomb(`“${entry.fileName.slice(0, 80)}”`, entry.uncompressedSize, entry.compressedSize),
        );
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName.replace(/^\.?\//, ''), entry);
      zip.readEntry();
    });
    zip.on('end', () => {
      if (sizes.overall() === 'ratio')
        return reject(bomb('the whole package', sizes.uncompressed, sizes.compressed));
      resolve(entries);
    });
    zip.readEntry();
  });
}

async function inflate(zip: ZipFile, entry: Entry, budget: InflateBudget): Promise<Buffer> {
  const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) => {
    zip.openReadStream(entry, (err, s) => (err || !s ? reject(unreadable()) : resolve(s)));
  });
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.take(chunk.length);
      chunks.push(chunk);
    }
  } catch (err) {
    throw err instanceof AppError ? err : unreadable();
  } finally {
    (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  }
  return Buffer.concat(chunks);
}

/**
 * The name in the zip of a file an href of the package points at, resolved against its bases
 * (folders of the manifest, or the folder of the item that refers to it). Null when it can name
 * no file of the package: an absolute or external address, or a path that climbs out of it.
 */
export function packagePath(bases: string[], href: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/')) return null;
  let decoded: string;
  try {
    decoded = decodeURI(href);
  } catch {
    return null; // a malformed %-escape names no file of the package
  }
  const joined = path.normalize([...bases.filter(Boolean), decoded].join('/'));
  return joined.startsWith('../') ? null : joined.replace(/^\.\//, '');
}

/** An open package: its XML parts inflated, any other file inflated on request. */
export interface QtiZip {
  /** The names of every file (folders left out). */
  names: Set<string>;
  xml: Map<string, Buffer>;
  /** The size a file declares unpacked (checked against its real size as it inflates). */
  sizeOf(name: string): number | undefined;
  /** A file's bytes, counted against the package's budget. */
  read(name: string): Promise<Buffer>;
}

/** Opens the package for `use`, and closes it once `use` is done. */
export async function readQtiZip<T>(
  content: Buffer,
  limits: SpreadsheetLimits,
  use: (zip: QtiZip) => Promise<T>,
): Promise<T> {
  const zip = await openZip(content);
  try {
    const entries = await directory(zip, limits);
    const budget = new InflateBudget(limits.maxUnpackedBytes, () =>
      tooLarge(limits.maxUnpackedBytes),
    );
    const xml = new Map<string, Buffer>();
    for (const [name, entry] of entries) {
      if (name.toLowerCase().endsWith('.xml')) xml.set(name, await inflate(zip, entry, budget));
    }
    return await use({
      names: new Set(entries.keys()),
      xml,
      sizeOf: (name) => entries.get(name)?.uncompressedSize,
      read(name) {
        const entry = entries.get(name);
        if (!entry) throw new Error(`no entry ${name} in the package`);
        return inflate(zip, entry, budget);
      },
    });
  } finally {
    zip.close();
  }
}

/** The names in a zip's directory only (nothing inflated): to tell a QTI package from an XLSX. */
export async function zipNames(content: Buffer, limits: SpreadsheetLimits): Promise<Set<string>> {
  const zip = await openZip(content);
  try {
    return new Set((await directory(zip, limits)).keys());
  } finally {
    zip.close();
  }
}
