import {
  sharedVideoMasterUrl,
  sharedVideoPageUrl,
  sharedVideoPosterUrl,
  type TSharedVideo,
  type TVideoShare,
  type TVideoShareCreate,
  type TVideoShareCreated,
} from '@atrium/contract';
import { and, desc, eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { AppContext } from '../../core/context.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { runInTransaction } from '../../core/db/transaction.ts';
import { conflict, notFound } from '../../core/errors/app-error.ts';
import type { TreeFile } from '../../core/storage/file-store.ts';
import {
  courseModules,
  courses,
  moduleFiles,
  repositoryFiles,
} from '../../schema/courses.table.ts';
import { videoShares, videoTranscodes } from '../../schema/video.table.ts';
import { hashSecret, newSecret } from '../auth/index.ts';
import { canUseRepository, managedCourseFor } from '../catalogue/index.ts';
import { HLS_PATH } from './video.service.ts';
import { canShare, isLive, isPlayable } from './video.share.policy.ts';

type Share = typeof videoShares.$inferSelect;

/** 256 random bits, URL-safe (43 characters), stored hashed: auth's link tokens. */
const newToken = newSecret;
const hashToken = hashSecret;
type Course = typeof courses.$inferSelect;

/** One answer for every refused link, so a token reveals nothing about why it does not play. */
const GONE = 'This share link does not exist, has expired or was revoked.';
const NO_SHARE = 'Share link not found.';

function toShare(s: Share, courseTitle: string, now = new Date()): TVideoShare {
  return {
    id: s.id,
    file: s.fileId,
    course: s.courseId,
    course_title: courseTitle,
    created_at: s.createdAt.toISOString(),
    expires_at: s.expiresAt?.toISOString() ?? null,
    revoked_at: s.revokedAt?.toISOString() ?? null,
    active: isLive(s, now),
  };
}

async function isInCourse(db: DbOrTx, fileId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: moduleFiles.id })
    .from(moduleFiles)
    .innerJoin(courseModules, eq(courseModules.id, moduleFiles.moduleId))
    .where(and(eq(moduleFiles.fileId, fileId), eq(courseModules.courseId, courseId)))
    .limit(1);
  return !!row;
}

async function transcodeOf(db: DbOrTx, fileId: number) {
  const [row] = await db.select().from(videoTranscodes).where(eq(videoTranscodes.fileId, fileId));
  return row;
}

/** The share and its course, if the caller manages that course; else 404. */
async function managedShare(ctx: AppContext, auth: AuthContext, id: number) {
  const [row] = await ctx.db
    .select({ share: videoShares, course: courses })
    .from(videoShares)
    .innerJoin(courses, eq(courses.id, videoShares.courseId))
    .where(eq(videoShares.id, id));
  if (!row || !canShare(auth, row.course)) throw notFound(NO_SHARE);
  return row;
}

/**
 * The share a token names, when it plays: live, its course published and the video still in it.
 * Everything else — unknown, revoked, expired, unpublished, removed — is the same 404.
 */
async function playable(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select({ share: videoShares, course: courses, file: repositoryFiles })
    .from(videoShares)
    .innerJoin(courses, eq(courses.id, videoShares.courseId))
    .innerJoin(repositoryFiles, eq(repositoryFiles.id, videoShares.fileId))
    .where(eq(videoShares.tokenHash, hashToken(token)));
  if (row?.file.kind !== 'video' || !isPlayable(row.share, row.course, new Date())) {
    throw notFound(GONE);
  }
  if (!(await isInCourse(ctx.db, row.file.id, row.course.id))) throw notFound(GONE);
  return { ...row, transcode: await transcodeOf(ctx.db, row.file.id) };
}

export const videoShareService = {
  /** The links of a video for the courses the caller manages, newest first. */
  async list(ctx: AppContext, auth: AuthContext, fileId: number): Promise<TVideoShare[]> {
    const [f] = await ctx.db.select().from(repositoryFiles).where(eq(repositoryFiles.id, fileId));
    if (!f || !canUseRepository(auth, f)) throw notFound('Could not get file repo data');
    const rows = await ctx.db
      .select({ share: videoShares, course: courses })
      .from(videoShares)
      .innerJoin(courses, eq(courses.id, videoShares.courseId))
      .where(eq(videoShares.fileId, fileId))
      .orderBy(desc(videoShares.createdAt), desc(videoShares.id));
    const now = new Date();
    return rows
      .filter((r) => canShare(auth, r.course))
      .map((r) => toShare(r.share, r.course.title, now));
  },

  /** A new link for a ready video of a course the caller manages; the token is returned once. */
  async create(
    ctx: AppContext,
    auth: AuthContext,
    fileId: number,
    body: TVideoShareCreate,
    ip: string | undefined,
  ): Promise<TVideoShareCreated> {
    const course: Course = await managedCourseFor(ctx.db, auth, body.course);
    if (!(await isInCourse(ctx.db, fileId, course.id))) {
      throw notFound('This video is not part of this course.');
    }
    const [f] = await ctx.db.select().from(repositoryFiles).where(eq(repositoryFiles.id, fileId));
    if (f?.kind !== 'video') throw notFound('This file is not a video.');
    if ((await transcodeOf(ctx.db, fileId))?.status !== 'ready') {
      throw conflict('Only a video that has finished converting can be shared.');
    }
    const token = newToken();
    const share = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const [row] = await tx
        .insert(videoShares)
        .values({
          fileId,
          courseId: course.id,
          tokenHash: hashToken(token),
          createdBy: auth.userId,
          expiresAt: body.expires_at ? new Date(body.expires_at) : null,
        })
        .returning();
      await recordAudit(tx, {
        action: 'video.share_created',
        actorId: auth.userId,
        organisationId: course.organisationId,
        ip: ip ?? null,
        details: {
          share: row!.id,
          file: fileId,
          course: course.id,
          expires_at: body.expires_at ?? null,
        },
      });
      return row!;
    });
    return { ...toShare(share, course.title), token, url: sharedVideoPageUrl(token) };
  },

  /** Revokes a link (again is a no-op, audited once). */
  async revoke(
    ctx: AppContext,
    auth: AuthContext,
    id: number,
    ip: string | undefined,
  ): Promise<TVideoShare> {
    const { share, course } = await managedShare(ctx, auth, id);
    if (share.revokedAt) return toShare(share, course.title);
    const revoked = await runInTransaction(ctx.db, ctx.bus, async ({ tx }) => {
      const [row] = await tx
        .update(videoShares)
        .set({ revokedAt: new Date(), revokedBy: auth.userId })
        .where(eq(videoShares.id, id))
        .returning();
      await recordAudit(tx, {
        action: 'video.share_revoked',
        actorId: auth.userId,
        organisationId: course.organisationId,
        ip: ip ?? null,
        details: { share: id, file: share.fileId, course: course.id },
      });
      return row!;
    });
    return toShare(revoked, course.title);
  },

  async shared(ctx: AppContext, token: string): Promise<TSharedVideo> {
    const { file, transcode } = await playable(ctx, token);
    const status = transcode?.status ?? 'failed';
    return {
      title: file.name,
      status,
      master: status === 'ready' && transcode?.treeKey ? sharedVideoMasterUrl(token) : null,
      poster: transcode?.poster && transcode.treeKey ? sharedVideoPosterUrl(token) : null,
      duration_seconds: transcode?.durationSeconds ?? null,
    };
  },

  async poster(ctx: AppContext, token: string): Promise<TreeFile> {
    const { transcode } = await playable(ctx, token);
    if (!transcode?.poster || !transcode.treeKey) throw notFound('This video has no poster image.');
    return ctx.files.openTreeFile(transcode.treeKey, transcode.poster);
  },

  /** The same tree files as the signed-in route; the playlists name them relatively. */
  async hlsFile(ctx: AppContext, token: string, relative: string): Promise<TreeFile> {
    if (!HLS_PATH.test(relative)) throw notFound('File not found.');
    const { transcode } = await playable(ctx, token);
    if (transcode?.status !== 'ready' || !transcode.treeKey) {
      throw notFound('This video is not ready to play yet.');
    }
    return ctx.files.openTreeFile(transcode.treeKey, relative);
  },
};
