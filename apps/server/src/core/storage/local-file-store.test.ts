import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { LocalFileStore } from './local-file-store.ts';

// Smallest valid files with real magic numbers.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);

let root: string;
let store: LocalFileStore;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'atrium-files-'));
  store = new LocalFileStore(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const images = { allowedExtensions: ['png', 'jpg', 'jpeg'], maxBytes: 10_000 };

async function statusOf(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (e) {
    if (e instanceof AppError) return e.statusCode;
    throw e;
  }
}

/** Every file under the root except the temporary folder. */
function storedFiles(): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

describe('LocalFileStore', () => {
  it('stores under a generated key, never the client name, and reads it back', async () => {
    const stored = await store.put(PNG, {
      ...images,
      originalName: '../../etc/passwd.png',
      prefix: 'avatars',
    });
    expect(stored.key).toMatch(/^avatars\/[0-9a-f-]{36}\.png$/);
    expect(stored).toMatchObject({ size: PNG.length, extension: 'png', contentType: 'image/png' });
    const chunks: Buffer[] = [];
    for await (const c of await store.open(stored.key)) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(PNG)).toBe(true);
    await store.delete(stored.key);
    expect(await store.stat(stored.key)).toBeNull();
  });

  it('refuses an extension outside the allow-list with 415', async () => {
    expect(await statusOf(store.put(PDF, { ...images, originalName: 'doc.pdf' }))).toBe(415);
    expect(await statusOf(store.put(PNG, { ...images, originalName: 'noextension' }))).toBe(415);
  });

  it('refuses content that is not what its extension claims, leaving nothing on disk', async () => {
    const err = await store.put(EXE, { ...images, originalName: 'holiday.png' }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.statusCode).toBe(415);
    expect(err.message).toBe('The file content does not match its .png extension.');
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a file over the size limit with 413, streaming, leaving nothing on disk', async () => {
    const big = Readable.from(
      (function* () {
        for (let i = 0; i < 20; i++) yield Buffer.alloc(1000, 7);
      })(),
    );
    const err = await store
      .put(big, { allowedExtensions: ['txt'], maxBytes: 5000, originalName: 'a.txt' })
      .catch((e) => e);
    expect(err.statusCode).toBe(413);
    expect(err.message).toBe('The file is larger than the 4.9 KB limit.');
    expect(storedFiles()).toEqual([]);
  });

  it('accepts text formats only when the bytes are text', async () => {
    const csv = await store.put(Buffer.from('name,email\nÅsa,asa@example.com\n'), {
      allowedExtensions: ['csv'],
      maxBytes: 1000,
      originalName: 'users.CSV',
    });
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    expect(
      await statusOf(
        store.put(EXE, { allowedExtensions: ['csv'], maxBytes: 1000, originalName: 'x.csv' }),
      ),
    ).toBe(415);
  });

  it('never resolves a key outside its root', async () => {
    expect(await statusOf(store.open('../../etc/passwd'))).toBe(404);
    expect(await store.stat('files/../../x.png')).toBeNull();
  });

  it('insists on a non-empty allow-list (spec §5)', async () => {
    await expect(
      store.put(PNG, { allowedExtensions: [], maxBytes: 1000, originalName: 'a.png' }),
    ).rejects.toThrow(/must not be empty/);
  });
});

describe('derived trees', () => {
  it('creates a tree under a generated key, serves its files and deletes it whole', async () => {
    const { key, dir } = await store.createTree('SCORM packages');
    expect(key).toMatch(/^trees\/scorm-packages\/[0-9a-f-]{36}$/);
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir(path.join(dir, 'shared'), { recursive: true });
    await writeFile(path.join(dir, 'shared', 'page.html'), '<p>hi</p>');
    const file = await store.openTreeFile(key, 'shared/page.html');
    expect(file.size).toBe(9);
    const chunks: Buffer[] = [];
    for await (const c of file.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('<p>hi</p>');
    await store.deleteTree(key);
    expect(await statusOf(store.openTreeFile(key, 'shared/page.html'))).toBe(404);
  });

  it('never serves a path outside the tree, a folder or a forged tree key', async () => {
    const { key, dir } = await store.createTree('video');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(root, 'secret.txt'), 'secret');
    await writeFile(path.join(dir, 'a.txt'), 'a');
    for (const bad of ['../../../secret.txt', '/etc/passwd', '', '.', 'a.txt\0.png'])
      expect(await statusOf(store.openTreeFile(key, bad))).toBe(404);
    expect(await statusOf(store.openTreeFile('trees/../x', 'a.txt'))).toBe(404);
    expect(() => store.treeDir('files/x')).toThrow(AppError);
  });
});
