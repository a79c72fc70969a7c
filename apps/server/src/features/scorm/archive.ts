import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError, badRequest, payloadTooLarge } from '../../core/errors/app-error.ts';
import { DeclaredSizes, ratioText } from '../../core/export/zip-guard.ts';
import { formatBytes } from '../../core/storage/local-file-store.ts';

/**
 * Reading an uploaded zip without trusting it: every entry name is checked
 * before anything is written (no '..', absolute paths, drive letters,
 * backslashes or links), counts and declared sizes are checked against the
 * limits up front, so is the compression ratio (declared uncompressed size
 * over compressed size, per entry and overall, for anything above a small
 * floor), and the inflated bytes are counted again while extracting (a
 * header can lie about sizes; yauzl also refuses an entry that inflates to
 * more than it declared).
 */
export interface ArchiveLimits {
  maxUnpackedBytes: number;
  maxFiles: number;
  maxPathDepth: number;
  maxRatio: number;
  ratioFloorBytes: number;
}

export interface Archive {
  zip: ZipFile;
  /** Files (not folders) by their path inside the archive. */
  files: Map<string, Entry>;
  declaredBytes: number;
  close(): void;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
/** Made by a Unix tool (the upper byte of "version made by"): its attributes carry a file mode. */
const UNIX_HOSTS = new Set([3, 19]);

const quote = (name: string) => `“${name.length > 120 ? `${name.slice(0, 117)}…` : name}”`;

export const unsafePath = (name: string) =>
  badRequest(
    `The package contains an unsafe path (${quote(name)}): every file must stay inside the package.`,
  );

/** Our own check of a decoded entry name (yauzl checks too; this is what we rely on). */
function checkName(name: string, limits: ArchiveLimits): void {
  if (
    name.length === 0 ||
    name.includes('\\') ||
    name.includes('\0') ||
    name.startsWith('/') ||
    /^[a-zA-Z]:/.test(name) ||
    name.split('/').some((s) => s === '..' || s === '.')
  )
    throw unsafePath(name);
  const depth = name.replace(/\/$/, '').split('/').length;
  if (depth > limits.maxPathDepth)
    throw badRequest(
      `The package nests folders more than ${limits.maxPathDepth} levels deep (${quote(name)}).`,
    );
}

/** File, folder, or something else (a symbolic link, a device…): only the first two are allowed. */
function entryType(entry: Entry): 'file' | 'dir' | 'other' {
  const isDir = entry.fileName.endsWith('/');
  const host = entry.versionMadeBy >> 8;
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (UNIX_HOSTS.has(host) && mode !== 0) {
    if (mode === S_IFDIR) return 'dir';
    if (mode === S_IFREG) return isDir ? 'other' : 'file';
    return 'other';
  }
  return isDir ? 'dir' : 'file';
}

/** yauzl's own refusals, in our words. */
function fromYauzl(err: Error): AppError {
  const m = /^(invalid characters in fileName|absolute path|invalid relative path): (.*)$/s.exec(
    err.message,
  );
  if (m) return unsafePath(m[2]!);
  return badRequest(`The zip archive is damaged or unreadable (${err.message}).`);
}

/** Opens the archive and reads its directory, refusing it on the first problem. */
export function openArchive(file: string, limits: ArchiveLimits): Promise<Archive> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true },
      (openErr, zip) => {
        if (openErr || !zip) {
          reject(badRequest('The file is not a readable zip archive.'));
          return;
        }
        const files = new Map<string, Entry>();
        const seen = new Set<string>();
        const sizes = new DeclaredSizes(limits);
        const fail = (err: AppError) => {
          zip.close();
          reject(err);
        };
        if (zip.entryCount > limits.maxFiles * 2 + 1000) {
          fail(payloadTooLarge(`The package contains more than ${limits.maxFiles} files.`));
          return;
        }
        zip.on('error', (err: Error) => fail(fromYauzl(err)));
        zip.on('entry', (entry: Entry) => {
          try {
            const name = entry.fileName;
            checkName(name, limits);
            const type = entryType(entry);
            if (type === 'other')
              throw badRequest(
                `The package contains a link or special file (${quote(name)}), which is not allowed.`,
              );
            if (entry.isEncrypted())
              throw badRequest(`The package contains an encrypted file (${quote(name)}).`);
            const key = name.replace(/\/$/, '');
            if (seen.has(key.toLowerCase()))
              throw badRequest(`The package contains ${quote(key)} more than once.`);
            seen.add(key.toLowerCase());
            if (type === 'file') {
              files.set(name, entry);
              if (files.size > limits.maxFiles)
                throw payloadTooLarge(`The package contains more than ${limits.maxFiles} files.`);
              const problem = sizes.add(entry);
              if (problem === 'too-large') throw tooLarge(limits);
              if (problem === 'ratio')
                throw tooCompressed(
                  quote(name),
                  ratioText(entry.uncompressedSize, entry.compressedSize),
                  limits,
                );
            }
            zip.readEntry();
          } catch (err) {
            fail(err instanceof AppError ? err : fromYauzl(err as Error));
          }
        });
        zip.on('end', () => {
          if (sizes.overall() === 'ratio') {
            fail(
              tooCompressed(
                'the package as a whole',
                ratioText(sizes.uncompressed, sizes.compressed),
                limits,
              ),
            );
            return;
          }
          resolve({
            zip,
            files,
            declaredBytes: sizes.uncompressed,
            close: () => zip.close(),
          });
        });
        zip.readEntry();
      },
    );
  });
}

const tooLarge = (limits: ArchiveLimits) =>
  payloadTooLarge(
    `The package is larger than the ${formatBytes(limits.maxUnpackedBytes)} limit once unpacked.`,
  );

const tooCompressed = (what: string, ratio: string, limits: ArchiveLimits) =>
  payloadTooLarge(
    `The package is compressed suspiciously well (${what} unpacks at ${ratio}, more than ${limits.maxRatio}:1) and is refused as a possible zip bomb.`,
  );

function openStream(zip: ZipFile, entry: Entry) {
  return new Promise<NodeJS.ReadableStream>((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) reject(fromYauzl(err ?? new Error('no stream')));
      else resolve(stream);
    });
  });
}

/** One entry's content as text, refused beyond `maxBytes` (counted while inflating). */
export async function readText(zip: ZipFile, entry: Entry, maxBytes: number, what: string) {
  if (entry.uncompressedSize > maxBytes)
    throw payloadTooLarge(`${what} is larger than ${formatBytes(maxBytes)}.`);
  const stream = await openStream(zip, entry);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes)
        throw payloadTooLarge(`${what} is larger than ${formatBytes(maxBytes)}.`);
      chunks.push(chunk);
    }
  } catch (err) {
    throw err instanceof AppError ? err : fromYauzl(err as Error);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Writes every file under `dir`. The running total of inflated bytes is
 * checked on every chunk, so a bomb stops at the limit rather than at the
 * end of the disk. Returns the bytes actually written.
 */
export async function extractAll(archive: Archive, dir: string, limits: ArchiveLimits) {
  let total = 0;
  const root = path.resolve(dir);
  for (const [name, entry] of archive.files) {
    const target = path.resolve(root, ...name.split('/'));
    // Names were checked already; this guards the join itself.
    if (!target.startsWith(root + path.sep)) throw unsafePath(name);
    await mkdir(path.dirname(target), { recursive: true });
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        total += chunk.length;
        if (total > limits.maxUnpackedBytes) done(tooLarge(limits));
        else done(null, chunk);
      },
    });
    try {
      await pipeline(
        await openStream(archive.zip, entry),
        counter,
        createWriteStream(target, { flags: 'wx' }),
      );
    } catch (err) {
      throw err instanceof AppError ? err : fromYauzl(err as Error);
    }
  }
  return total;
}
