import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/database.ts';
import { repositoryFiles } from '../../schema/courses.table.ts';
import { xrHotspots, xrScenes, xrVisits } from '../../schema/xr.table.ts';

/** A scene with what its repository file holds (title, storage key, type, size). */
export const sceneColumns = {
  id: xrScenes.id,
  organisationId: xrScenes.organisationId,
  fileId: xrScenes.fileId,
  media: xrScenes.media,
  width: xrScenes.width,
  height: xrScenes.height,
  createdAt: xrScenes.createdAt,
  title: repositoryFiles.name,
  storageKey: repositoryFiles.storageKey,
  contentType: repositoryFiles.contentType,
  size: repositoryFiles.size,
  hotspotCount: sql<number>`(select count(*)::int from xr_hotspots h where h.scene_id = ${xrScenes.id})`,
  usedByModules: sql<number>`(select count(*)::int from module_files mf where mf.file_id = ${xrScenes.fileId})`,
};

const scenes = (db: DbOrTx) =>
  db
    .select(sceneColumns)
    .from(xrScenes)
    .innerJoin(repositoryFiles, eq(repositoryFiles.id, xrScenes.fileId));

export async function findScene(db: DbOrTx, id: number) {
  const [row] = await scenes(db).where(eq(xrScenes.id, id));
  return row;
}
export type SceneRow = NonNullable<Awaited<ReturnType<typeof findScene>>>;

export async function findSceneByFile(db: DbOrTx, fileId: number) {
  const [row] = await scenes(db).where(eq(xrScenes.fileId, fileId));
  return row;
}

export async function listScenes(
  db: DbOrTx,
  organisationId: number,
  page: { limit: number; offset: number },
) {
  const where = eq(xrScenes.organisationId, organisationId);
  const [rows, [total]] = await Promise.all([
    scenes(db)
      .where(where)
      .orderBy(desc(xrScenes.createdAt), desc(xrScenes.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(xrScenes).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export function hotspotsOf(db: DbOrTx, sceneId: number) {
  return db
    .select()
    .from(xrHotspots)
    .where(eq(xrHotspots.sceneId, sceneId))
    .orderBy(asc(xrHotspots.id));
}

export async function visitedBy(db: DbOrTx, userId: number, hotspotIds: number[]) {
  if (hotspotIds.length === 0) return [];
  const rows = await db
    .select({ id: xrVisits.hotspotId })
    .from(xrVisits)
    .where(and(eq(xrVisits.userId, userId), inArray(xrVisits.hotspotId, hotspotIds)));
  return rows.map((r) => r.id);
}
