import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { makeOrganisationWithStaff, type Staff } from '../../../test/auth.ts';
import { storedFiles } from '../../../test/factories/index.ts';
import { manifest, uploadZip } from '../../../test/factories/scorm.ts';
import {
  deflateRepeated,
  type HandZipEntry,
  handZip,
  measured,
  stored,
} from '../../core/export/zip-bomb.fixtures.ts';
import { repositoryFiles } from '../../schema/courses.table.ts';
import { scormPackages } from '../../schema/scorm.table.ts';

/** The install's default limits: 1 GB unpacked, ratio 100:1 above 1 MB. */
let t: TestApp;
let acme: Staff;

beforeAll(async () => {
  t = await createTestApp();
  acme = await makeOrganisationWithStaff(t.database.db, t.config, { isDefault: true });
});
afterAll(() => t.close());

const MB = 1024 * 1024;
const counts = async () => ({
  files: storedFiles(t).length,
  rows: (await t.database.db.select().from(repositoryFiles)).length,
  packages: (await t.database.db.select().from(scormPackages)).length,
});

const text = (name: string, content: string): HandZipEntry => ({
  name,
  content: deflateRepeated([{ chunk: content }]),
});
const PACKAGE = [
  text('imsmanifest.xml', manifest('1.2', [{ id: 'a', title: 'A', href: 'a.html' }])),
  text('a.html', '<!doctype html><p>A</p>'),
];
/** `mb` MB of zeros in a few KB per MB. */
const zeros = (name: string, mb: number, declaredSize?: number): HandZipEntry => ({
  name,
  content: deflateRepeated([{ chunk: Buffer.alloc(MB), times: mb }]),
  ...(declaredSize === undefined ? {} : { declaredSize }),
});

/** Uploads and expects the refusal in under a second, memory flat, nothing left behind. */
async function refused(zip: Buffer, status: number, message: RegExp) {
  const before = await counts();
  const m = await measured(() => uploadZip(t, acme.trainer.token, 'bomb.zip', zip));
  expect(m.result.statusCode, m.result.body).toBe(status);
  expect(m.result.json().message).toMatch(message);
  expect(m.ms).toBeLessThan(1000);
  expect(m.rssMb).toBeLessThan(100);
  expect(m.heapMb).toBeLessThan(100);
  expect(await counts()).toEqual(before);
  console.info(
    `SCORM ${Math.round(zip.length / 1024)} KB: ${m.result.statusCode} in ${m.ms} ms, rss +${m.rssMb} MB, heap +${m.heapMb} MB`,
  );
}

describe('SCORM archive compression ratio', () => {
  it('refuses an entry compressed past 100:1 before writing anything, while small compressible files pass', async () => {
    // 200 MB of zeros in about 200 KB: under the 1 GB limit, so only the ratio stops it.
    const bomb = handZip([...PACKAGE, zeros('media/padding.bin', 200)]);
    expect(bomb.length).toBeLessThan(300 * 1024);
    await refused(
      bomb,
      413,
      /^The package is compressed suspiciously well \(“media\/padding\.bin” unpacks at \d+:1, more than 100:1\) and is refused as a possible zip bomb\.$/,
    );
    // Files up to the 1 MB floor are not ratio-checked (scripts, JSON, blank images), and
    // the package as a whole, with its media, stays well under 100:1.
    const ok = await uploadZip(
      t,
      acme.trainer.token,
      'ok.zip',
      handZip([
        ...PACKAGE,
        zeros('media/blank.bin', 1),
        text('data.json', '[0]'.repeat(50_000)),
        { name: 'media/clip.mp4', content: stored(randomBytes(100 * 1024)), stored: true },
      ]),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses many entries each under the floor that together unpack past 100:1', async () => {
    const many = Array.from({ length: 100 }, (_, i) => zeros(`media/part${i}.bin`, 1));
    await refused(
      handZip([...PACKAGE, ...many]),
      413,
      /^The package is compressed suspiciously well \(the package as a whole unpacks at \d+:1, more than 100:1\)/,
    );
    // A header that lies (1 MB declared, 400 MB inside) stops as soon as it overflows.
    await refused(
      handZip([...PACKAGE, zeros('media/liar.bin', 400, MB)]),
      400,
      /damaged|too many bytes/,
    );
  });
});
