import {
  type TXrHotspot,
  XR_MAX_HOTSPOTS,
  type ZXrHotspotInput,
  type ZXrHotspotPatch,
  type ZXrPlacement,
} from '@atrium/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { badRequest, notFound } from '../../core/errors/app-error.ts';
import { xrHotspots, xrScenes } from '../../schema/xr.table.ts';
import { editableSceneFor, toHotspot } from './xr.scenes.ts';

/**
 * Hotspots of a scene, placed in the studio: on a model a surface point and normal (as
 * model-viewer reports them), on a panorama a direction (yaw, pitch in degrees). The placement
 * must suit the scene's media.
 */

const INVALID = 'Invalid input. Please correct the fields listed.';
const NOT_FOUND = 'No such hotspot.';

type Placement = z.output<typeof ZXrPlacement>;

function placementColumns(media: string, p: Placement) {
  if ('position' in p) {
    if (media !== 'model')
      throw badRequest(INVALID, { placement: ['A 360° image takes a direction (yaw and pitch).'] });
    return { position: p.position, normal: p.normal, yaw: null, pitch: null };
  }
  if (media !== 'panorama')
    throw badRequest(INVALID, { placement: ['A model takes a position (x y z) on its surface.'] });
  return { position: null, normal: null, yaw: p.yaw, pitch: p.pitch };
}

export async function addHotspot(
  ctx: AppContext,
  auth: AuthContext,
  sceneId: number,
  input: z.output<typeof ZXrHotspotInput>,
): Promise<TXrHotspot> {
  return runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
    const scene = await editableSceneFor(tx, auth, sceneId);
    // The scene row is locked so two authors adding at once cannot pass the cap together.
    await tx
      .select({ id: xrScenes.id })
      .from(xrScenes)
      .where(eq(xrScenes.id, scene.id))
      .for('update');
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(xrHotspots)
      .where(eq(xrHotspots.sceneId, scene.id));
    if ((count?.n ?? 0) >= XR_MAX_HOTSPOTS)
      throw badRequest(`A scene has at most ${XR_MAX_HOTSPOTS} hotspots.`);
    const [row] = await tx
      .insert(xrHotspots)
      .values({
        sceneId: scene.id,
        title: input.title,
        text: input.text,
        ...placementColumns(scene.media, input.placement),
      })
      .returning();
    return toHotspot(row!);
  });
}

async function editableHotspot(ctx: AppContext, auth: AuthContext, id: number) {
  const [row] = await ctx.db.select().from(xrHotspots).where(eq(xrHotspots.id, id));
  if (!row) throw notFound(NOT_FOUND);
  // Another organisation's hotspot is as absent as its scene.
  const scene = await editableSceneFor(ctx.db, auth, row.sceneId).catch(() => {
    throw notFound(NOT_FOUND);
  });
  return { row, scene };
}

export async function editHotspot(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  patch: z.output<typeof ZXrHotspotPatch>,
): Promise<TXrHotspot> {
  const { scene } = await editableHotspot(ctx, auth, id);
  const [row] = await ctx.db
    .update(xrHotspots)
    .set({
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.text !== undefined ? { text: patch.text } : {}),
      ...(patch.placement ? placementColumns(scene.media, patch.placement) : {}),
    })
    .where(eq(xrHotspots.id, id))
    .returning();
  if (!row) throw notFound(NOT_FOUND);
  return toHotspot(row);
}

export async function deleteHotspot(ctx: AppContext, auth: AuthContext, id: number) {
  await editableHotspot(ctx, auth, id);
  await ctx.db.delete(xrHotspots).where(eq(xrHotspots.id, id));
}
