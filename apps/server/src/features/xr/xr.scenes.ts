import { readFile } from 'node:fs/promises';
import {
  type TXrHotspot,
  type TXrMedia,
  type TXrScene,
  type TXrSceneDetail,
  XR_MODEL_MAX_BYTES,
  XR_MODEL_TYPES,
  XR_PANORAMA_MAX_BYTES,
  XR_PANORAMA_TYPES,
  xrSceneAssetUrl,
  ZXrUploadFields,
} from '@atrium/contract';
import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  unsupportedMediaType,
} from '../../core/errors/app-error.ts';
import { parseInput, readForm } from '../../core/http/forms.ts';
import { extensionOf } from '../../core/storage/content-check.ts';
import type { StoredFile } from '../../core/storage/file-store.ts';
import { repositoryFiles } from '../../schema/courses.table.ts';
import { type xrHotspots, xrScenes } from '../../schema/xr.table.ts';
import { GlbRefusal, validateGlb } from './xr.glb.ts';
import { panoramaRatioProblem, panoramaSize } from './xr.panorama.ts';
import { canEditScene, canSeeScene } from './xr.policy.ts';
import { findScene, hotspotsOf, listScenes, type SceneRow } from './xr.repository.ts';

/*
 * The studio's scenes. An upload is stored through the file store (extension allow-list, size
 * cap while streaming, content sniffed), then checked for what it must be (a self-contained glTF
 * 2.0 binary, or a 2:1 image); only then are the repository file of kind `xr` and the scene row
 * written, in one transaction. Any refusal deletes the stored bytes: nothing half written.
 */

const NOT_FOUND = 'No such scene.';
const INVALID = 'Invalid input. Please correct the fields listed.';
const FIELD = 'asset';

type Actor = Pick<AuthContext, 'userId' | 'organisationId' | 'roleId' | 'isSuperadmin'>;

export function toScene(actor: Actor, row: SceneRow): TXrScene {
  const allowed = canEditScene(actor, row);
  return {
    id: row.id,
    title: row.title,
    media: row.media as TXrMedia,
    file_id: row.fileId,
    asset_url: xrSceneAssetUrl(row.id),
    content_type: row.contentType,
    size: row.size,
    width: row.width,
    height: row.height,
    hotspot_count: row.hotspotCount,
    used_by_modules: row.usedByModules,
    created_at: row.createdAt.toISOString(),
    abilities: { edit: allowed, delete: allowed },
  };
}

export function toHotspot(h: typeof xrHotspots.$inferSelect): TXrHotspot {
  return {
    id: h.id,
    title: h.title,
    text: h.text,
    position: h.position,
    normal: h.normal,
    yaw: h.yaw,
    pitch: h.pitch,
  };
}

/** A scene of the caller's studio: 404 outside their organisation, and for learners. */
export async function sceneFor(db: DbOrTx, auth: Actor, id: number): Promise<SceneRow> {
  const row = await findScene(db, id);
  if (!row || !canSeeScene(auth, row)) throw notFound(NOT_FOUND);
  return row;
}

export async function editableSceneFor(db: DbOrTx, auth: Actor, id: number): Promise<SceneRow> {
  const row = await sceneFor(db, auth, id);
  if (!canEditScene(auth, row)) throw forbidden('Only the organisation’s authors edit scenes.');
  return row;
}

export async function sceneList(
  ctx: AppContext,
  auth: Actor,
  page: { limit: number; offset: number },
) {
  const { rows, count } = await listScenes(ctx.db, auth.organisationId, page);
  return { count, results: rows.map((r) => toScene(auth, r)) };
}

export async function sceneDetail(
  ctx: AppContext,
  auth: Actor,
  id: number,
): Promise<TXrSceneDetail> {
  const row = await sceneFor(ctx.db, auth, id);
  const hotspots = await hotspotsOf(ctx.db, row.id);
  return { ...toScene(auth, row), hotspots: hotspots.map(toHotspot) };
}

interface Checked {
  stored: StoredFile;
  media: TXrMedia;
  width: number | null;
  height: number | null;
}

/** Stores one `asset` part and checks it for what its extension says it is. */
async function storeAsset(ctx: AppContext, part: MultipartFile): Promise<Checked> {
  const ext = extensionOf(part.filename);
  const model = (XR_MODEL_TYPES as readonly string[]).includes(ext);
  const panorama = (XR_PANORAMA_TYPES as readonly string[]).includes(ext);
  if (!model && !panorama) {
    part.file.resume();
    throw unsupportedMediaType(
      `Upload a glTF binary model (.glb) or a 360° image (${XR_PANORAMA_TYPES.join(', ')}).`,
    );
  }
  const stored = await ctx.files.put(part.file, {
    originalName: part.filename,
    allowedExtensions: model ? XR_MODEL_TYPES : XR_PANORAMA_TYPES,
    maxBytes: Math.min(
      ctx.config.uploadMaxBytes,
      model ? XR_MODEL_MAX_BYTES : XR_PANORAMA_MAX_BYTES,
    ),
    prefix: model ? 'xr/models' : 'xr/panoramas',
  });
  try {
    const path = ctx.files.localPath(stored.key);
    if (model) {
      validateGlb(new Uint8Array(await readFile(path)));
      return { stored, media: 'model', width: null, height: null };
    }
    const size = await panoramaSize(path);
    if (!size) throw unsupportedMediaType('The image cannot be read.');
    const problem = panoramaRatioProblem(size.width, size.height);
    if (problem) throw badRequest(INVALID, { [FIELD]: [problem] });
    return { stored, media: 'panorama', ...size };
  } catch (err) {
    await ctx.files.delete(stored.key);
    if (err instanceof GlbRefusal)
      throw err.status === 415
        ? unsupportedMediaType(err.message)
        : badRequest(err.message, { [FIELD]: [err.message] });
    throw err;
  }
}

export async function createScene(
  ctx: AppContext,
  auth: AuthContext,
  req: FastifyRequest,
): Promise<TXrScene> {
  let checked: Checked | null = null;
  try {
    const fields = await readForm(req, async (part) => {
      if (part.fieldname !== FIELD || checked) {
        part.file.resume();
        throw badRequest(INVALID, { [part.fieldname]: ['Send one file as `asset`.'] });
      }
      checked = await storeAsset(ctx, part);
    });
    const input = parseInput(ZXrUploadFields, fields);
    const asset = checked as Checked | null;
    if (!asset) throw badRequest(INVALID, { [FIELD]: ['Choose a model or a 360° image.'] });
    const id = await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
      // The scene's entry in the course file repository (kind xr): what a module attaches.
      const [file] = await tx
        .insert(repositoryFiles)
        .values({
          organisationId: auth.organisationId,
          uploadedBy: auth.userId,
          name: input.title,
          fileType: 'catalogue',
          kind: 'xr',
          storageKey: asset.stored.key,
          contentType: asset.stored.contentType,
          size: asset.stored.size,
        })
        .returning({ id: repositoryFiles.id });
      const [scene] = await tx
        .insert(xrScenes)
        .values({
          organisationId: auth.organisationId,
          fileId: file!.id,
          media: asset.media,
          width: asset.width,
          height: asset.height,
          createdBy: auth.userId,
        })
        .returning({ id: xrScenes.id });
      await recordAudit(tx, {
        action: 'xr.scene_created',
        actorId: auth.userId,
        organisationId: auth.organisationId,
        ip: req.ip,
        details: { scene: scene!.id, file: file!.id, media: asset.media },
      });
      emit('search.changed', { kind: 'file', ids: [file!.id] });
      return scene!.id;
    });
    return toScene(auth, (await findScene(ctx.db, id))!);
  } catch (err) {
    const asset = checked as Checked | null;
    if (asset) await ctx.files.delete(asset.stored.key);
    throw err;
  }
}

export async function renameScene(ctx: AppContext, auth: AuthContext, id: number, title: string) {
  const row = await editableSceneFor(ctx.db, auth, id);
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    await tx.update(repositoryFiles).set({ name: title }).where(eq(repositoryFiles.id, row.fileId));
    emit('search.changed', { kind: 'file', ids: [row.fileId] });
  });
  return toScene(auth, (await findScene(ctx.db, id))!);
}

/** Refused while a module uses the scene: the course would lose an item under its learners. */
export async function deleteScene(ctx: AppContext, auth: AuthContext, id: number, ip: string) {
  const row = await editableSceneFor(ctx.db, auth, id);
  if (row.usedByModules > 0)
    throw conflict(
      `This scene is used by ${row.usedByModules} course module${row.usedByModules === 1 ? '' : 's'}. Remove it from them first.`,
    );
  await runInTransaction(ctx.db, ctx.bus, async ({ tx, emit }) => {
    // The scene, its hotspots and visits go with the repository row (foreign keys cascade).
    const gone = await tx
      .delete(repositoryFiles)
      .where(eq(repositoryFiles.id, row.fileId))
      .returning({ id: repositoryFiles.id });
    if (gone.length === 0) throw notFound(NOT_FOUND);
    await recordAudit(tx, {
      action: 'xr.scene_deleted',
      actorId: auth.userId,
      organisationId: row.organisationId,
      ip,
      details: { scene: row.id, file: row.fileId, title: row.title },
    });
    emit('search.changed', { kind: 'file', ids: [row.fileId] });
  }).catch((err: unknown) => {
    // A module attached it between the check and the delete (module_files restricts).
    const e = err as { code?: string; cause?: { code?: string } };
    if (e.code === '23503' || e.cause?.code === '23503')
      throw conflict('This scene is used by a course module. Remove it from it first.');
    throw err;
  });
  await ctx.files.delete(row.storageKey);
}
