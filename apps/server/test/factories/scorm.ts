/** Test helpers of the SCORM tests (not imported by the app): packages built in the test. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import yazl from 'yazl';
import { signContentGrant } from '../../src/core/content/content-grant.ts';
import { scormPackages } from '../../src/schema/scorm.table.ts';
import type { TestApp } from '../app.ts';
import { api } from '../http.ts';
import { makeCourse, makeModule, makeModuleFile } from './catalogue.ts';
import { enrol } from './learning.ts';

export interface ZipEntry {
  name: string;
  content?: string | Buffer;
  /** Unix mode (e.g. 0o120777 for a symbolic link). */
  mode?: number;
  dir?: boolean;
}

/** A zip built with yazl; `rename` swaps names afterwards (yazl refuses unsafe ones itself). */
export function buildZip(entries: ZipEntry[], rename: [string, string][] = []): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    if (e.dir) zip.addEmptyDirectory(e.name, e.mode ? { mode: e.mode } : {});
    else
      zip.addBuffer(Buffer.from(e.content ?? ''), e.name, {
        ...(e.mode ? { mode: e.mode } : {}),
        compress: true,
      });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => {
      let buf: Buffer = Buffer.concat(chunks);
      for (const [from, to] of rename) {
        if (from.length !== to.length) throw new Error('rename keeps the length');
        buf = replaceAll(buf, Buffer.from(from), Buffer.from(to));
      }
      resolve(buf);
    });
  });
}

function replaceAll(buf: Buffer, from: Buffer, to: Buffer): Buffer {
  const out: Buffer = Buffer.from(buf);
  let i = out.indexOf(from);
  while (i !== -1) {
    to.copy(out, i);
    i = out.indexOf(from, i + to.length);
  }
  return out;
}

export interface ItemSpec {
  id: string;
  title: string;
  href?: string;
  children?: ItemSpec[];
  parameters?: string;
  /** SCORM 1.2 adlcp:masteryscore. */
  mastery?: number;
}

function items(list: ItemSpec[]): string {
  return list
    .map(
      (i) =>
        `<item identifier="${i.id}"${i.href ? ` identifierref="res_${i.id}"` : ''}${
          i.parameters ? ` parameters="${i.parameters}"` : ''
        }><title>${i.title}</title>${
          i.mastery === undefined ? '' : `<adlcp:masteryscore>${i.mastery}</adlcp:masteryscore>`
        }${items(i.children ?? [])}</item>`,
    )
    .join('');
}
const flat = (list: ItemSpec[]): ItemSpec[] => list.flatMap((i) => [i, ...flat(i.children ?? [])]);

export function manifest(version: '1.2' | '2004', list: ItemSpec[], title = 'Test course') {
  const v12 = version === '1.2';
  const ns = v12
    ? 'xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"'
    : 'xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"';
  const resources = flat(list)
    .filter((i) => i.href)
    .map(
      (i) =>
        `<resource identifier="res_${i.id}" type="webcontent" adlcp:${v12 ? 'scormtype' : 'scormType'}="sco" href="${i.href}"><file href="${i.href}"/></resource>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.${version}" version="1" ${ns}>
  <metadata><schema>ADL SCORM</schema><schemaversion>${v12 ? '1.2' : '2004 4th Edition'}</schemaversion></metadata>
  <organizations default="org1"><organization identifier="org1"><title>${title}</title>${items(list)}</organization></organizations>
  <resources>${resources}</resources>
</manifest>`;
}

const PAGE =
  '<!doctype html><html><head><script src="api.js"></script></head><body>SCO</body></html>';

/** A valid package: two SCOs under a grouping item. */
export function samplePackage(version: '1.2' | '2004', extra: ZipEntry[] = []) {
  const list: ItemSpec[] = [
    {
      id: 'chapter',
      title: 'Chapter 1',
      children: [
        { id: 'intro', title: 'Introduction', href: 'intro/index.html' },
        { id: 'quiz', title: 'Quiz', href: 'quiz/index.html', parameters: '?level=1', mastery: 80 },
      ],
    },
  ];
  return buildZip([
    { name: 'imsmanifest.xml', content: manifest(version, list) },
    { name: 'intro/index.html', content: PAGE },
    { name: 'quiz/index.html', content: PAGE },
    { name: 'intro/api.js', content: 'var x = 1;' },
    ...extra,
  ]);
}

export const uploadZip = (t: TestApp, token: string, filename: string, content: Buffer) =>
  api(t).form('POST', '/api/courses/file-repo/', token, [{ name: 'file', filename, content }]);

/** A published course using the repository file in one module, with `learners` enrolled. */
export async function courseUsing(
  t: TestApp,
  organisationId: number,
  fileId: number,
  opts: { createdBy?: number; learners?: number[]; scoId?: string } = {},
) {
  const db = t.database.db;
  const course = await makeCourse(db, { organisationId, createdBy: opts.createdBy ?? null });
  const module = await makeModule(db, { course, title: 'SCORM' });
  const moduleFile = await makeModuleFile(db, { module, fileId, scoId: opts.scoId });
  for (const l of opts.learners ?? []) await enrol(db, course.id, l);
  return { course, moduleFile };
}

/** The shared real packages (../shared/testdata/scorm from the repository root), if present. */
const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const REAL_PACKAGES = path.resolve(REPOSITORY_ROOT, '../shared/testdata/scorm');
export const hasRealPackages = existsSync(REAL_PACKAGES);

/** A path on the content origin to a file of a package, under a fresh grant (as the player gets). */
export async function contentPath(
  t: TestApp,
  packageId: number,
  file: string,
  appOrigin = 'http://localhost:80',
  now = Date.now(),
) {
  const [pkg] = await t.database.db
    .select({ tree: scormPackages.treeKey })
    .from(scormPackages)
    .where(eq(scormPackages.id, packageId));
  const secret = await t.app.ctx.secrets.get('content-grant');
  const grant = signContentGrant(secret, { tree: pkg!.tree, app: appOrigin, user: 1 }, now);
  return `/scorm/${grant}/p/${file}`;
}

/** A request to the content origin's server (no cookie, no token: the grant is the key). */
export const contentGet = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.contentApp.inject({ url, headers });
