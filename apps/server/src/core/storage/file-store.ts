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

/** A file inside a derived tree, ready to stream. */
export interface TreeFile {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded files live. Local directory now; an S3-compatible store can implement the same
 * (its trees would be written to a local staging directory and synced up when complete).
 *
 * Besides single uploads under generated keys, a store holds *derived trees*: folders the server
 * writes itself from an upload (an unpacked SCORM package, HLS renditions of a video). A tree has
 * a generated key; paths inside it come from validated content, never straight from a client.
 */
export interface FileStore {
  put(content: Readable | Buffer, options: PutOptions): Promise<StoredFile>;
  /** The file, or only the bytes start..end (inclusive) of it. */
  open(key: string, range?: { start: number; end: number }): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  /** The local path of a stored file, for tools that need one (ffmpeg, unzip). */
  localPath(key: string): string;
  /** A new, empty tree under a generated key (`trees/<prefix>/<uuid>`) and its local directory. */
  createTree(prefix: string): Promise<{ key: string; dir: string }>;
  /** The local directory of an existing tree key. */
  treeDir(key: string): string;
  /** One file of a tree; 404 when absent or when the path leaves the tree. */
  openTreeFile(
    key: string,
    relativePath: string,
    range?: { start: number; end: number },
  ): Promise<TreeFile>;
  /** Removes a tree and everything in it (no error when it is already gone). */
  deleteTree(key: string): Promise<void>;
}
