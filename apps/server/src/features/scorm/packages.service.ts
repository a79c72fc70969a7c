import type { TScormPackage, TScormSco } from '@atrium/contract';
import { asc, eq, isNull } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { badRequest, notFound } from '../../core/errors/app-error.ts';
import type { ContentProcessor } from '../../core/module.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';
import { scormPackages, scormScos } from '../../schema/scorm.table.ts';
import { fileRepository } from '../catalogue/index.ts';
import { extractAll, openArchive, readText } from './archive.ts';
import { launchPath, type Manifest, parseManifest } from './manifest.ts';

export type ScormPackage = typeof scormPackages.$inferSelect;
export type ScormSco = typeof scormScos.$inferSelect;

const MANIFEST_MAX_BYTES = 5 * 1024 * 1024;
export const PACKAGE_NOT_FOUND = 'Could not get the SCORM package.';

interface Checked {
  treeKey: string;
  manifest: Manifest;
  fileCount: number;
  bytes: number;
}

/**
 * check(): everything is validated from the zip's directory and manifest
 * before a byte is unpacked; then the files are extracted into a new derived
 * tree. Any failure removes that tree; the repository removes the upload.
 */
async function check(ctx: AppContext, stored: StoredFile): Promise<Checked> {
  const limits = ctx.config.scorm;
  const archive = await openArchive(ctx.files.localPath(stored.key), limits);
  try {
    const names = [...archive.files.keys()];
    const manifestName = names.find((n) => n.toLowerCase() === 'imsmanifest.xml');
    if (!manifestName) {
      const nested = names.find((n) => n.toLowerCase().endsWith('/imsmanifest.xml'));
      throw badRequest(
        nested
          ? `The package's imsmanifest.xml is in a sub-folder (“${nested}”); it must be at the root of the zip. Zip the package's contents rather than its folder.`
          : 'This zip is not a SCORM package: it has no imsmanifest.xml at its root.',
      );
    }
    const xml = await readText(
      archive.zip,
      archive.files.get(manifestName)!,
      MANIFEST_MAX_BYTES,
      'The imsmanifest.xml',
    );
    const manifest = parseManifest(xml.replace(/^\uFEFF/, ''), new Set(names));
    const tree = await ctx.files.createTree('scorm');
    try {
      const bytes = await extractAll(archive, tree.dir, limits);
      return { treeKey: tree.key, manifest, fileCount: archive.files.size, bytes };
    } catch (err) {
      await ctx.files.deleteTree(tree.key);
      throw err;
    }
  } finally {
    archive.close();
  }
}

export const scormProcessor: ContentProcessor = {
  check,
  async afterInsert(_ctx, tx, file, checked) {
    const c = checked as Checked;
    const [pkg] = await tx
      .insert(scormPackages)
      .values({
        fileId: file.id,
        treeKey: c.treeKey,
        version: c.manifest.version,
        identifier: c.manifest.identifier,
        title: c.manifest.title,
        defaultOrganization: c.manifest.defaultOrganization,
        fileCount: c.fileCount,
        unpackedBytes: c.bytes,
      })
      .returning({ id: scormPackages.id });
    await tx.insert(scormScos).values(
      c.manifest.items.map((i) => ({
        packageId: pkg!.id,
        identifier: i.identifier,
        title: i.title,
        parentIdentifier: i.parent,
        depth: i.depth,
        position: i.position,
        href: i.href,
        parameters: i.parameters,
        scormType: i.scormType,
        isLaunchable: i.href !== null,
        launchData: i.launchData,
      })),
    );
  },
  async discard(ctx, checked) {
    await ctx.files.deleteTree((checked as Checked).treeKey);
  },
  /**
   * The repository row is gone by now and its package row with it lost its
   * file (set null): remove every such orphan and its tree. Cleaning all
   * orphans, not just this one, also heals after an earlier crash.
   */
  async afterRemove(ctx) {
    const orphans = await ctx.db
      .select({ id: scormPackages.id, treeKey: scormPackages.treeKey })
      .from(scormPackages)
      .where(isNull(scormPackages.fileId));
    for (const o of orphans) {
      await ctx.files.deleteTree(o.treeKey);
      await ctx.db.delete(scormPackages).where(eq(scormPackages.id, o.id));
    }
  },
};

export async function packageOfFile(db: DbOrTx, fileId: number): Promise<ScormPackage> {
  const [pkg] = await db.select().from(scormPackages).where(eq(scormPackages.fileId, fileId));
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  return pkg;
}

export function scosOf(db: DbOrTx, packageId: number): Promise<ScormSco[]> {
  return db
    .select()
    .from(scormScos)
    .where(eq(scormScos.packageId, packageId))
    .orderBy(asc(scormScos.position));
}

/** The file a SCO starts from, inside its package, with the item's parameters. */
export const launchPathOf = (sco: ScormSco) =>
  sco.href ? launchPath(sco.href, sco.parameters) : null;

export function toSco(s: ScormSco): TScormSco {
  return {
    id: s.id,
    identifier: s.identifier,
    title: s.title,
    parent: s.parentIdentifier,
    depth: s.depth,
    position: s.position,
    launchable: s.isLaunchable,
    scorm_type: s.scormType,
    launch_url: launchPathOf(s),
  };
}

export const packages = {
  /** The package of a repository file, for whoever may download that file. */
  async ofFile(ctx: AppContext, auth: AuthContext, fileId: number): Promise<TScormPackage> {
    const file = await fileRepository.forDownload(ctx, auth, fileId);
    if (file.kind !== 'scorm') throw notFound(PACKAGE_NOT_FOUND);
    const pkg = await packageOfFile(ctx.db, fileId);
    const scos = await scosOf(ctx.db, pkg.id);
    return {
      id: pkg.id,
      file: fileId,
      version: pkg.version,
      title: pkg.title,
      identifier: pkg.identifier,
      default_organization: pkg.defaultOrganization,
      file_count: pkg.fileCount,
      unpacked_size: pkg.unpackedBytes,
      // isvisible="false" items are not the learner's to see (the run-time refuses them too).
      scos: scos.filter((s) => !s.launchData.hidden).map(toSco),
    };
  },
};
