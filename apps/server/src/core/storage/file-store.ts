import type { Readable } from 'node:stream';

export interface PutOptions {
  /** The name the client gave; only its extension is used, and only after checking. */
  originalName: string;
  /** Lower-case extensions without the dot. Must not be empty (spec §5). */
  allowedExtensions: readonly string[];
  maxBytes: number;
  /** A folder-like prefix for the generated key, e.g. 'courses/images'. */
  prefix?: string;
}

export interface StoredFile {
  /** Generated, never derived from the client's name. */
  key: string;
  size: number;
  /** The extension the content was checked against. */
  extension: string;
  contentType: string;
}

/** Where uploaded files live. Local directory now; an S3-compatible store can implement the same. */
export interface FileStore {
  put(content: Readable | Buffer, options: PutOptions): Promise<StoredFile>;
  open(key: string): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
}
