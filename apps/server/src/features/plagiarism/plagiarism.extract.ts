import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { XmlScanner } from '../../core/export/xml-scan.ts';
import { DeclaredSizes, InflateBudget } from '../../core/export/zip-guard.ts';

/**
 * Text out of a submission's file: PDF (pdfjs-dist, legacy Node build: no worker script, no
 * fonts fetched), DOCX (mammoth), ODT (content.xml through the XML scanner), TXT (UTF-8 or
 * UTF-16 by BOM). Runs inside the extraction worker (plagiarism.worker.ts), never on the
 * server's event loop. A file that cannot give text throws an ExtractFailure whose message is
 * shown to staff as the check's reason.
 */

export class ExtractFailure extends Error {}

export interface ArchiveLimits {
  maxUnpackedBytes: number;
  maxEntries: number;
  maxRatio: number;
  ratioFloorBytes: number;
}

export const EXTRACTABLE = ['pdf', 'docx', 'odt', 'txt'] as const;

export async function extractText(
  bytes: Uint8Array,
  ext: string,
  limits: ArchiveLimits,
): Promise<string> {
  switch (ext) {
    case 'txt':
      return decodeText(bytes);
    case 'pdf':
      return pdfText(bytes);
    case 'docx':
      return docxText(bytes, limits);
    case 'odt':
      return odtText(bytes, limits);
    default:
      throw new ExtractFailure(
        `Text cannot be read from .${ext} files (only PDF, DOCX, ODT, TXT).`,
      );
  }
}

/** UTF-8 (a BOM dropped), or UTF-16 when a BOM says so; invalid bytes become U+FFFD. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc: Awaited<ReturnType<typeof pdfjs.getDocument>['promise']>;
  try {
    doc = await pdfjs.getDocument({
      data: bytes,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      useWorkerFetch: false,
      stopAtErrors: true,
      verbosity: 0,
    }).promise;
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'PasswordException') throw new ExtractFailure('The PDF is password-protected.');
    throw new ExtractFailure('The PDF could not be read (damaged or not a PDF).');
  }
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      pages.push(text);
      page.cleanup();
    }
    return pages.join('\n\n');
  } finally {
    await doc.destroy();
  }
}

function openZip(bytes: Uint8Array, what: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (err, zip) =>
        err || !zip ? reject(new ExtractFailure(`The ${what} file is damaged.`)) : resolve(zip),
    );
  });
}

/** The directory, checked (entries, declared sizes, compression ratio) before any inflating. */
function checkedDirectory(zip: ZipFile, limits: ArchiveLimits, what: string) {
  return new Promise<Map<string, Entry>>((resolve, reject) => {
    if (zip.entryCount > limits.maxEntries) {
      reject(new ExtractFailure(`The ${what} file has too many parts.`));
      return;
    }
    const sizes = new DeclaredSizes(limits);
    const entries = new Map<string, Entry>();
    const bomb = () =>
      new ExtractFailure(
        `The ${what} file unpacks too large and is refused as a possible zip bomb.`,
      );
    zip.on('error', () => reject(new ExtractFailure(`The ${what} file is damaged.`)));
    zip.on('entry', (entry: Entry) => {
      if (sizes.add(entry)) return reject(bomb());
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => (sizes.overall() ? reject(bomb()) : resolve(entries)));
    zip.readEntry();
  });
}

async function docxText(bytes: Uint8Array, limits: ArchiveLimits): Promise<string> {
  // mammoth inflates with its own zip reader: the directory is checked here first.
  const zip = await openZip(bytes, 'DOCX');
  try {
    const entries = await checkedDirectory(zip, limits, 'DOCX');
    if (!entries.has('word/document.xml'))
      throw new ExtractFailure('The DOCX file has no document body.');
  } finally {
    zip.close();
  }
  const mammoth = await import('mammoth');
  try {
    const result = await mammoth.extractRawText({
      buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    });
    return result.value;
  } catch {
    throw new ExtractFailure('The DOCX file could not be read.');
  }
}

const ODT_BREAKS = new Set(['p', 'h', 'list-item']);

async function odtText(bytes: Uint8Array, limits: ArchiveLimits): Promise<string> {
  const zip = await openZip(bytes, 'ODT');
  try {
    const entries = await checkedDirectory(zip, limits, 'ODT');
    const entry = entries.get('content.xml');
    if (!entry) throw new ExtractFailure('The ODT file has no content.xml.');
    const budget = new InflateBudget(
      limits.maxUnpackedBytes,
      () => new ExtractFailure('The ODT file unpacks too large.'),
    );
    const out: string[] = [];
    // Text of the body only: office:text holds the document; styles and metadata are elsewhere.
    let inBody = 0;
    const scanner = new XmlScanner({
      open(name) {
        if (name === 'text' && inBody === 0) inBody = 1;
        else if (inBody && name === 's') out.push(' ');
        else if (inBody && name === 'tab') out.push('\t');
        else if (inBody && name === 'line-break') out.push('\n');
      },
      close(name) {
        if (inBody && ODT_BREAKS.has(name)) out.push('\n');
      },
      text(t) {
        if (inBody) out.push(t);
      },
    });
    const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
      zip.openReadStream(entry, (err, s) =>
        err || !s ? reject(new ExtractFailure('The ODT file is damaged.')) : resolve(s),
      ),
    );
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        budget.take(chunk.length);
        scanner.write(chunk);
      }
      scanner.end();
    } catch (err) {
      if (err instanceof ExtractFailure) throw err;
      throw new ExtractFailure('The ODT file could not be read.');
    }
    return out.join('');
  } finally {
    zip.close();
  }
}
