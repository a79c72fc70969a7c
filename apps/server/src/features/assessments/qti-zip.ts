import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError, badRequest, payloadTooLarge } from '../../core/errors/app-error.ts';
import type { SpreadsheetLimits } from '../../core/export/spreadsheet-read.ts';
import { DeclaredSizes, InflateBudget, ratioText } from '../../core/export/zip-guard.ts';
import { formatBytes } from '../../core/storage/local-file-store.ts';

/**
 * The XML parts of an uploaded QTI package, read without trusting the zip (the same guards as the
 * XLSX reader: entry count, declared sizes and compression ratio checked on the directory before
 * anything is inflated, then every inflated byte counted against one budget). Only `.xml` entries
 * are inflated: images and other media are not imported.
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

/** The names of every file in the zip, and a reader for its XML parts. */
export async function readZipXml(
  content: Buffer,
  limits: SpreadsheetLimits,
): Promise<{ names: Set<string>; xml: Map<string, Buffer> }> {
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
    return { names: new Set(entries.keys()), xml };
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
