import type { TLtiScore } from '@atrium/contract';
import { and, eq, sql } from 'drizzle-orm';
import { actingAs } from '../../core/auth/acting-as.ts';
import type { AppContext } from '../../core/context.ts';
import { badRequest, notFound } from '../../core/errors/app-error.ts';
import { moduleFiles } from '../../schema/courses.table.ts';
import { courseEnrolments } from '../../schema/enrolments.table.ts';
import { ltiLineItems, ltiLinks, ltiScores } from '../../schema/lti.table.ts';
import { progress } from '../learning/index.ts';
import { issuerOf } from './lti.platform.ts';
import { placedCourse, type ToolRow } from './lti.services.ts';

/**
 * Assignment and Grade Services 2.0: line items (one made with each resource link, more by the
 * tool) and scores. A score records the learner's latest grade; FullyGraded or Completed also
 * completes the module item in the learner's progress, through the learning slice's progress use
 * case acting as the learner (so course completion and its events stay the learning slice's).
 */

type LineItemRow = typeof ltiLineItems.$inferSelect;
export const LINE_ITEM_TYPE = 'application/vnd.ims.lis.v2.lineitem+json';
export const LINE_ITEMS_TYPE = 'application/vnd.ims.lis.v2.lineitemcontainer+json';

async function toLineItem(ctx: AppContext, tool: ToolRow, row: LineItemRow) {
  const issuer = await issuerOf(ctx, ctx.db, tool.organisationId);
  return {
    id: `${issuer}/api/lti/line-item?id=${row.id}`,
    scoreMaximum: row.scoreMaximum,
    label: row.label,
    ...(row.linkId !== null && { resourceLinkId: String(row.linkId) }),
    ...(row.resourceId !== null && { resourceId: row.resourceId }),
    ...(row.tag !== null && { tag: row.tag }),
  };
}

const asId = (v: string | undefined) => (v !== undefined && /^\d{1,9}$/.test(v) ? Number(v) : -1);

export async function listLineItems(
  ctx: AppContext,
  tool: ToolRow,
  courseId: number,
  q: { resource_link_id?: string; resource_id?: string; tag?: string; limit?: number },
) {
  await placedCourse(ctx, tool, courseId);
  const rows = await ctx.db
    .select()
    .from(ltiLineItems)
    .where(
      and(
        eq(ltiLineItems.toolId, tool.id),
        eq(ltiLineItems.courseId, courseId),
        q.resource_link_id !== undefined
          ? eq(ltiLineItems.linkId, asId(q.resource_link_id))
          : undefined,
        q.resource_id !== undefined ? eq(ltiLineItems.resourceId, q.resource_id) : undefined,
        q.tag !== undefined ? eq(ltiLineItems.tag, q.tag) : undefined,
      ),
    )
    .orderBy(ltiLineItems.id)
    .limit(q.limit ?? 1000);
  return Promise.all(rows.map((r) => toLineItem(ctx, tool, r)));
}

export async function createLineItem(
  ctx: AppContext,
  tool: ToolRow,
  courseId: number,
  input: {
    scoreMaximum: number;
    label: string;
    resourceLinkId?: string;
    resourceId?: string;
    tag?: string;
  },
) {
  await placedCourse(ctx, tool, courseId);
  let linkId: number | null = null;
  if (input.resourceLinkId !== undefined) {
    const [link] = await ctx.db
      .select({ id: ltiLinks.id })
      .from(ltiLinks)
      .where(and(eq(ltiLinks.id, asId(input.resourceLinkId)), eq(ltiLinks.toolId, tool.id)));
    if (!link)
      throw badRequest('Unknown resourceLinkId.', { resourceLinkId: ['Unknown resource link.'] });
    linkId = link.id;
  }
  const [row] = await ctx.db
    .insert(ltiLineItems)
    .values({
      toolId: tool.id,
      courseId,
      linkId,
      label: input.label,
      scoreMaximum: input.scoreMaximum,
      resourceId: input.resourceId ?? null,
      tag: input.tag ?? null,
    })
    .returning();
  return toLineItem(ctx, tool, row!);
}

async function ownLineItem(ctx: AppContext, tool: ToolRow, id: number) {
  const [row] = await ctx.db
    .select()
    .from(ltiLineItems)
    .where(and(eq(ltiLineItems.id, id), eq(ltiLineItems.toolId, tool.id)));
  if (!row) throw notFound('Line item not found.');
  return row;
}

export async function getLineItem(ctx: AppContext, tool: ToolRow, id: number) {
  return toLineItem(ctx, tool, await ownLineItem(ctx, tool, id));
}

export async function postScore(ctx: AppContext, tool: ToolRow, id: number, score: TLtiScore) {
  const item = await ownLineItem(ctx, tool, id);
  const at = new Date(score.timestamp);
  if (Number.isNaN(at.getTime()))
    throw badRequest('timestamp is not a date.', { timestamp: ['Enter an ISO 8601 date-time.'] });
  if (score.scoreGiven !== undefined && score.scoreMaximum === undefined)
    throw badRequest('scoreMaximum is required with scoreGiven.', {
      scoreMaximum: ['Required with scoreGiven.'],
    });
  const userId = asId(score.userId);
  // Only a member of the course: a tool cannot grade people it was never launched for.
  const [member] = await ctx.db
    .select({ id: courseEnrolments.id })
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.courseId, item.courseId), eq(courseEnrolments.userId, userId)));
  if (!member)
    throw badRequest('userId is not a learner of this context.', { userId: ['Unknown learner.'] });
  await ctx.db
    .insert(ltiScores)
    .values({
      lineItemId: item.id,
      userId,
      scoreGiven: score.scoreGiven ?? null,
      scoreMaximum: score.scoreMaximum ?? null,
      activityProgress: score.activityProgress,
      gradingProgress: score.gradingProgress,
      comment: score.comment ?? null,
      timestamp: at,
    })
    .onConflictDoUpdate({
      target: [ltiScores.lineItemId, ltiScores.userId],
      set: {
        scoreGiven: sql`excluded.score_given`,
        scoreMaximum: sql`excluded.score_maximum`,
        activityProgress: sql`excluded.activity_progress`,
        gradingProgress: sql`excluded.grading_progress`,
        comment: sql`excluded.comment`,
        timestamp: sql`excluded.timestamp`,
        updatedAt: new Date(),
      },
      // AGS §3.4: a score older than the one kept does not replace it.
      setWhere: sql`${ltiScores.timestamp} <= excluded.timestamp`,
    });
  const done = score.gradingProgress === 'FullyGraded' || score.activityProgress === 'Completed';
  if (done && item.linkId !== null) await completeItem(ctx, tool, item, userId);
}

/** Completes the link's module item(s) in the course for the learner, as the learner. */
async function completeItem(ctx: AppContext, tool: ToolRow, item: LineItemRow, userId: number) {
  const learner = await actingAs(ctx.db, userId, tool.organisationId);
  if (!learner) return;
  const items = await ctx.db
    .select({ id: moduleFiles.id })
    .from(moduleFiles)
    .innerJoin(ltiLinks, eq(ltiLinks.repositoryFileId, moduleFiles.fileId))
    .where(eq(ltiLinks.id, item.linkId!));
  for (const { id } of items) {
    try {
      await progress.report(
        ctx,
        learner,
        { module_file: id, status: 'completed', time_spent: 0 },
        { moveResumePoint: false },
      );
    } catch (err) {
      // Not (or no longer) enrolled: the grade is kept, there is no progress to complete.
      ctx.log.info({ err, userId, moduleFile: id }, 'LTI score did not complete the item');
    }
  }
}
