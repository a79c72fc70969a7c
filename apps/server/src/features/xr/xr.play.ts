import type { TXrPlay, TXrVisitResult } from '@atrium/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import { forbidden, notFound } from '../../core/errors/app-error.ts';
import { sendRanged } from '../../core/http/byte-range.ts';
import { courseModules, moduleFiles } from '../../schema/courses.table.ts';
import {
  ACTIVE_STATUSES,
  courseEnrolments,
  moduleFileProgress,
} from '../../schema/enrolments.table.ts';
import { xrVisits } from '../../schema/xr.table.ts';
import { courseFor, fileRepository } from '../catalogue/index.ts';
import { progress } from '../learning/index.ts';
import { findScene, findSceneByFile, hotspotsOf, visitedBy } from './xr.repository.ts';
import { toHotspot, toScene } from './xr.scenes.ts';

/*
 * A scene in the course player. Who may see it is the course's rule (the catalogue's
 * `courseFor`); visits are kept for enrolled learners only, and the item completes through the
 * learning slice's progress API once every hotspot has been opened.
 */

const NOT_FOUND = 'Could not get course module';

/** The module item, its course (visible to the caller) and its scene. */
async function itemFor(ctx: AppContext, auth: AuthContext, moduleFileId: number) {
  const [item] = await ctx.db
    .select({ id: moduleFiles.id, fileId: moduleFiles.fileId, courseId: courseModules.courseId })
    .from(moduleFiles)
    .innerJoin(courseModules, eq(courseModules.id, moduleFiles.moduleId))
    .where(eq(moduleFiles.id, moduleFileId));
  if (!item) throw notFound(NOT_FOUND);
  await courseFor(ctx.db, auth, item.courseId);
  const scene = await findSceneByFile(ctx.db, item.fileId);
  if (!scene) throw notFound('This item is not an AR/VR scene.');
  return { item, scene };
}

async function enrolmentOf(ctx: AppContext, userId: number, courseId: number) {
  const [row] = await ctx.db
    .select({ id: courseEnrolments.id })
    .from(courseEnrolments)
    .where(
      and(
        eq(courseEnrolments.courseId, courseId),
        eq(courseEnrolments.userId, userId),
        inArray(courseEnrolments.status, [...ACTIVE_STATUSES]),
      ),
    );
  return row ?? null;
}

export async function playItem(
  ctx: AppContext,
  auth: AuthContext,
  moduleFileId: number,
): Promise<TXrPlay> {
  const { item, scene } = await itemFor(ctx, auth, moduleFileId);
  const hotspots = await hotspotsOf(ctx.db, scene.id);
  const enrolment = await enrolmentOf(ctx, auth.userId, item.courseId);
  const visited = enrolment
    ? await visitedBy(
        ctx.db,
        auth.userId,
        hotspots.map((h) => h.id),
      )
    : [];
  const [status] = enrolment
    ? await ctx.db
        .select({ status: moduleFileProgress.status })
        .from(moduleFileProgress)
        .where(
          and(
            eq(moduleFileProgress.enrolmentId, enrolment.id),
            eq(moduleFileProgress.moduleFileId, item.id),
          ),
        )
    : [];
  const { abilities: _abilities, ...shown } = toScene(auth, scene);
  return {
    scene: { ...shown, hotspots: hotspots.map(toHotspot) },
    visited,
    tracked: enrolment !== null,
    completed: status?.status === 'completed',
  };
}

export async function visitHotspot(
  ctx: AppContext,
  auth: AuthContext,
  moduleFileId: number,
  hotspotId: number,
): Promise<TXrVisitResult> {
  const { item, scene } = await itemFor(ctx, auth, moduleFileId);
  const hotspots = await hotspotsOf(ctx.db, scene.id);
  if (!hotspots.some((h) => h.id === hotspotId))
    throw notFound('This hotspot is not part of the scene.');
  if (!(await enrolmentOf(ctx, auth.userId, item.courseId)))
    throw forbidden('Only learners enrolled in this course can record progress.');
  await ctx.db.insert(xrVisits).values({ hotspotId, userId: auth.userId }).onConflictDoNothing();
  const ids = hotspots.map((h) => h.id);
  const visited = await visitedBy(ctx.db, auth.userId, ids);
  const done = visited.length === ids.length;
  // Completion is the learning slice's: it locks the enrolment and emits course.completed once.
  await progress.report(
    ctx,
    auth,
    { module_file: item.id, status: done ? 'completed' : 'in_progress', time_spent: 0 },
    { moveResumePoint: false },
  );
  return { visited, total: ids.length, completed: done };
}

/**
 * The asset, to the organisation's authors and to whoever may see a course that uses the scene
 * (the file repository's download rule). Never run on the app origin: nosniff, a sandbox CSP,
 * and the content type sniffed at upload.
 */
export async function sendAsset(
  ctx: AppContext,
  auth: AuthContext,
  sceneId: number,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const scene = await findScene(ctx.db, sceneId);
  if (!scene) throw notFound('No such scene.');
  await fileRepository.forDownload(ctx, auth, scene.fileId).catch(() => {
    throw notFound('No such scene.');
  });
  const stat = await ctx.files.stat(scene.storageKey);
  if (!stat) throw notFound('No such scene.');
  reply
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="scene-${scene.id}"`)
    .header('cache-control', 'private, max-age=3600')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .type(scene.contentType);
  return sendRanged(req, reply, stat.size, (range) => ctx.files.open(scene.storageKey, range));
}
