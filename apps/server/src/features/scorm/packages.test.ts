import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { storedFiles } from '../../../test/factories/index.ts';
import {
  buildZip,
  courseUsing,
  manifest,
  samplePackage,
  uploadZip,
} from '../../../test/factories/scorm.ts';
import { api } from '../../../test/http.ts';
import { repositoryFiles } from '../../schema/courses.table.ts';
import { scormPackages, scormScos } from '../../schema/scorm.table.ts';

let t: TestApp;
let acme: Staff;
let globex: Staff;
let a: ReturnType<typeof api>;

beforeAll(async () => {
  // Small limits so the limit tests stay small.
  t = await createTestApp({
    env: {
      SCORM_MAX_FILES: '20',
      SCORM_MAX_UNPACKED_BYTES: String(1024 * 1024),
      SCORM_MAX_PATH_DEPTH: '5',
    },
  });
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
  globex = await makeOrganisationWithStaff(t.database.db, t.config);
  a = api(t);
});
afterAll(() => t.close());

const counts = async () => ({
  files: storedFiles(t).length,
  rows: (await t.database.db.select().from(repositoryFiles)).length,
  packages: (await t.database.db.select().from(scormPackages)).length,
});

/** Uploads and expects a refusal with nothing left behind (no upload, no tree, no rows). */
async function refused(zip: Buffer, status: number, message: RegExp) {
  const before = await counts();
  const res = await uploadZip(t, acme.trainer.token, 'package.zip', zip);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toMatch(message);
  expect(await counts()).toEqual(before);
}

const OK_MANIFEST = manifest('1.2', [{ id: 'a', title: 'A', href: 'a.html' }]);

describe('SCORM package upload', () => {
  it('unpacks a SCORM 1.2 package and builds the SCO tree from the manifest', async () => {
    const res = await uploadZip(t, acme.trainer.token, 'course.zip', await samplePackage('1.2'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'scorm', content_type: 'application/zip' });
    const pkg = await a.get(`/api/scorm/files/${res.json().id}/package/`, acme.trainer.token);
    expect(pkg.statusCode, pkg.body).toBe(200);
    const body = pkg.json();
    expect(body).toMatchObject({
      version: '1.2',
      title: 'Test course',
      identifier: 'com.example.1.2',
      default_organization: 'org1',
      file_count: 4,
    });
    expect(body.scos.map((s: { identifier: string }) => s.identifier)).toEqual([
      'chapter',
      'intro',
      'quiz',
    ]);
    expect(body.scos[0]).toMatchObject({
      parent: null,
      depth: 0,
      launchable: false,
      launch_url: null,
    });
    expect(body.scos[2]).toMatchObject({
      parent: 'chapter',
      depth: 1,
      launchable: true,
      scorm_type: 'sco',
      launch_url: 'quiz/index.html?level=1',
    });
  });

  it('detects SCORM 2004 and shows its package to those who may see it', async () => {
    const up = await uploadZip(t, acme.admin.token, 'c.zip', await samplePackage('2004'));
    expect(up.statusCode, up.body).toBe(201);
    const pkgUrl = `/api/scorm/files/${up.json().id}/package/`;
    expect((await a.get(pkgUrl, acme.admin.token)).json().version).toBe('2004');
    // Learners: only through a course using the file; other organisations: never.
    expect((await a.get(pkgUrl, acme.learner.token)).statusCode).toBe(404);
    expect((await a.get(pkgUrl, globex.admin.token)).statusCode).toBe(404);
    await courseUsing(t, acme.org.id, up.json().id);
    expect((await a.get(pkgUrl, acme.learner.token)).statusCode).toBe(200);
  });

  it('deletes the unpacked tree and rows with the repository file', async () => {
    const up = await uploadZip(t, acme.admin.token, 'gone.zip', await samplePackage('1.2'));
    const before = storedFiles(t).length;
    expect(
      (await a.del(`/api/courses/file-repo/${up.json().id}/`, acme.admin.token)).statusCode,
    ).toBe(200);
    expect(storedFiles(t).length).toBe(before - 5);
    const rows = await t.database.db
      .select()
      .from(scormPackages)
      .where(eq(scormPackages.fileId, up.json().id));
    expect(rows).toEqual([]);
    const orphans = await t.database.db.select().from(scormScos);
    expect(orphans.every((s) => s.packageId !== null)).toBe(true);
  });

  it('refuses a zip without imsmanifest.xml at its root, naming a nested one', async () => {
    await refused(
      await buildZip([{ name: 'index.html', content: 'x' }]),
      400,
      /no imsmanifest\.xml at its root/,
    );
    await refused(
      await buildZip([
        { name: 'pkg/imsmanifest.xml', content: OK_MANIFEST },
        { name: 'pkg/a.html', content: 'x' },
      ]),
      400,
      /in a sub-folder \(“pkg\/imsmanifest\.xml”\)/,
    );
  });

  it('refuses an unparsable manifest, one without organisation or resources, and a missing launch file', async () => {
    await refused(
      await buildZip([{ name: 'imsmanifest.xml', content: '<manifest><organizations>' }]),
      400,
      /not valid XML/,
    );
    await refused(
      await buildZip([
        { name: 'imsmanifest.xml', content: '<manifest><organizations/><resources/></manifest>' },
      ]),
      400,
      /no organisation with items/,
    );
    await refused(
      await buildZip([
        {
          name: 'imsmanifest.xml',
          content: OK_MANIFEST.replace(/<resources>.*<\/resources>/s, '<resources/>'),
        },
      ]),
      400,
      /defines no resources/,
    );
    await refused(
      await buildZip([{ name: 'imsmanifest.xml', content: OK_MANIFEST }]),
      400,
      /launches “a\.html”, which is not in the package/,
    );
    const entity = `<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaa">]>${OK_MANIFEST.replace(/^<\?xml[^>]*>/, '')}`;
    await refused(
      await buildZip([{ name: 'imsmanifest.xml', content: entity }, { name: 'a.html' }]),
      400,
      /entities/,
    );
  });

  it('refuses path traversal, absolute and backslash entry names', async () => {
    const base = [
      { name: 'imsmanifest.xml', content: OK_MANIFEST },
      { name: 'a.html', content: 'x' },
    ];
    await refused(
      await buildZip(
        [...base, { name: 'xx/evil.txt', content: 'x' }],
        [['xx/evil.txt', '../evil.txt']],
      ),
      400,
      /unsafe path \(“\.\.\/evil\.txt”\)/,
    );
    await refused(
      await buildZip(
        [...base, { name: 'x/etc/passwd', content: 'x' }],
        [['x/etc/passwd', '/etc/passwdx']],
      ),
      400,
      /unsafe path/,
    );
    await refused(
      await buildZip([...base, { name: 'a/b.txt', content: 'x' }], [['a/b.txt', 'a\\b.txt']]),
      400,
      /unsafe path/,
    );
  });

  it('refuses a symbolic link entry', async () => {
    await refused(
      await buildZip([
        { name: 'imsmanifest.xml', content: OK_MANIFEST },
        { name: 'a.html', content: 'x' },
        { name: 'link', content: '/etc/passwd', mode: 0o120777 },
      ]),
      400,
      /link or special file \(“link”\)/,
    );
  });

  it('refuses too many files, too deep folders and too much unpacked data', async () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ name: `f${i}.txt`, content: 'x' }));
    await refused(
      await buildZip([
        { name: 'imsmanifest.xml', content: OK_MANIFEST },
        { name: 'a.html' },
        ...many,
      ]),
      413,
      /more than 20 files/,
    );
    await refused(
      await buildZip([
        { name: 'imsmanifest.xml', content: OK_MANIFEST },
        { name: 'a.html' },
        { name: 'a/b/c/d/e/f.txt' },
      ]),
      400,
      /more than 5 levels deep/,
    );
    // 2 MB of zeros compresses to a few KB: a small upload that unpacks past the 1 MB limit.
    const bomb = await buildZip([
      { name: 'imsmanifest.xml', content: OK_MANIFEST },
      { name: 'a.html' },
      { name: 'zeros.bin', content: Buffer.alloc(2 * 1024 * 1024) },
    ]);
    expect(bomb.length).toBeLessThan(20_000);
    await refused(bomb, 413, /larger than the 1 MB limit once unpacked/);
  });

  it('counts the inflated bytes, not the sizes the headers declare', async () => {
    const zip = await buildZip([
      { name: 'imsmanifest.xml', content: OK_MANIFEST },
      { name: 'a.html' },
      { name: 'liar.bin', content: Buffer.alloc(2 * 1024 * 1024, 7) },
    ]);
    // Declare 100 bytes for liar.bin in both headers: the real data is still 2 MB.
    const lie = Buffer.from(zip);
    const name = Buffer.from('liar.bin');
    for (let i = lie.indexOf(name); i !== -1; i = lie.indexOf(name, i + 1)) {
      const local = lie.readUInt32LE(i - 30) === 0x04034b50;
      const central = lie.readUInt32LE(i - 46) === 0x02014b50;
      if (local) lie.writeUInt32LE(100, i - 30 + 22);
      if (central) lie.writeUInt32LE(100, i - 46 + 24);
    }
    const before = await counts();
    const res = await uploadZip(t, acme.trainer.token, 'liar.zip', lie);
    expect([400, 413]).toContain(res.statusCode);
    expect(res.json().message).toMatch(/damaged|too many bytes|limit/);
    expect(await counts()).toEqual(before);
  });

  it('refuses a file that is not a zip at all', async () => {
    const res = await uploadZip(t, acme.trainer.token, 'fake.zip', Buffer.from('not a zip'));
    expect(res.statusCode).toBe(415);
  });
});
