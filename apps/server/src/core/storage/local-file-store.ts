import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import { AppError, notFound, payloadTooLarge, unsupportedMediaType } from '../errors/app-error.ts';
import { contentTypeFor, extensionOf, isAllowedExtension } from './content-check.ts';
import type { FileStore, PutOptions, StoredFile, TreeFile } from './file-store.ts';

const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[0-9a-f-]{36}\.[a-z0-9]{1,10}$/;
const TREE_KEY_PATTERN = /^trees\/[a-z0-9-]+\/[0-9a-f-]{36}$/;
const SNIFF_BYTES = 4100;

class TooLarge extends Error {}

/** Files under a local directory, each under a generated key. */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  async put(content: Readable | Buffer, options: PutOptions): Promise<StoredFile> {
    if (!isAllowedExtension(options.originalName, options.allowedExtensions)) {
      throw unsupportedMediaType(
        `File type not allowed. Allowed types: ${options.allowedExtensions.join(', ')}.`,
      );
    }
    const extension = extensionOf(options.originalName);
    const prefix = (options.prefix ?? 'files').toLowerCase().replace(/[^a-z0-9/-]/g, '-');
    const key = `${prefix}/${randomUUID()}.${extension}`;
    const finalPath = this.pathOf(key);
    const tmpPath = path.join(this.root, '.tmp', `${randomUUID()}.part`);
    await mkdir(path.dirname(tmpPath), { recursive: true });

    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > options.maxBytes) done(new TooLarge());
        else done(null, chunk);
      },
    });
    const sink = createWriteStream(tmpPath, { flags: 'wx' });
    try {
      const source = Buffer.isBuffer(content) ? Readable.from([content]) : content;
      await pipeline(source, counter, sink);
      // Multipart streams stop at their own limit without an error: check the flag.
      if ((content as { truncated?: boolean }).truncated) throw new TooLarge();
      const head = await readHead(tmpPath);
      const sniffed = await fileTypeFromFile(tmpPath);
      const contentType = contentTypeFor(extension, sniffed, head);
      if (!contentType) {
        throw unsupportedMediaType(`The file content does not match its .${extension} extension.`);
      }
      await mkdir(path.dirname(finalPath), { recursive: true });
      await rename(tmpPath, finalPath);
      return { key, size, extension, contentType };
    } catch (err) {
      // A pipeline that failed early may still be opening the file: wait until the stream has
      // closed, or the file would appear after it was removed (and stay, half-written).
      if (!sink.closed) await once(sink, 'close').catch(() => undefined);
      await rm(tmpPath, { force: true });
      if (err instanceof TooLarge) {
        throw payloadTooLarge(
          `The file is larger than the ${formatBytes(options.maxBytes)} limit.`,
        );
      }
      throw err;
    }
  }

  async open(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const st = await this.stat(key);
    if (!st) throw notFound('File not found.');
    return createReadStream(this.pathOf(key), range);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : null;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  async createTree(prefix: string): Promise<{ key: string; dir: string }> {
    const clean = prefix.toLowerCase().replace(/[^a-z0-9-]/g, '-') || 'tree';
    const key = `trees/${clean}/${randomUUID()}`;
    const dir = this.treeDir(key);
    await mkdir(dir, { recursive: true });
    return { key, dir };
  }

  treeDir(key: string): string {
    if (!TREE_KEY_PATTERN.test(key)) throw notFound('File not found.');
    return path.join(this.root, ...key.split('/'));
  }

  async openTreeFile(
    key: string,
    relativePath: string,
    range?: { start: number; end: number },
  ): Promise<TreeFile> {
    const dir = this.treeDir(key);
    // Decoded, normalised and still inside the tree: '..', absolute paths and NUL never pass.
    if (relativePath.includes('\0')) throw notFound('File not found.');
    const full = path.resolve(dir, relativePath);
    if (!full.startsWith(dir + path.sep)) throw notFound('File not found.');
    try {
      const s = await stat(full);
      if (!s.isFile()) throw notFound('File not found.');
      return { stream: createReadStream(full, range), size: s.size };
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw notFound('File not found.');
    }
  }

  async deleteTree(key: string): Promise<void> {
    await rm(this.treeDir(key), { recursive: true, force: true });
  }

  /** Keys are ours, but a key from the database is still checked before touching the disk. */
  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw notFound('File not found.');
    return path.join(this.root, ...key.split('/'));
  }
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buf, 0, SNIFF_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${+(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${+(n / 1024 ** 2).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}
