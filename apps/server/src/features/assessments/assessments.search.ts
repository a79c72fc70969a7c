import { SEARCH_KIND_LABELS } from '@atrium/contract';
import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../core/auth/actor.ts';
import {
  SEARCH_BODY_LIMIT,
  type SearchKindProvider,
  type SearchProvider,
  searchTextOfHtml,
} from '../../core/search-provider.ts';
import { assessments } from '../../schema/assessments.table.ts';
import { isStaff } from './assessments.policy.ts';
import { assignedSql, enrolledSql } from './attempt-access.ts';

/**
 * Which assessments the caller may open, within the organisation signed in to: staff every one
 * (the authoring list's rule; canSeeAssessment), anyone else the published ones assigned to them
 * (directly or by department) or of a course they take (the "my assessments" list's rule, with
 * the start page's own assignedSql and enrolledSql).
 */
function openableBy(actor: Actor): SQL {
  const own = eq(assessments.organisationId, actor.organisationId);
  if (isStaff(actor)) return own;
  const me = sql`${actor.userId}::int`;
  return and(own, eq(assessments.status, 'published'), or(assignedSql(me), enrolledSql(me)))!;
}

/**
 * Assessments in global search: the title and the instructions as text. Every assessment is
 * indexed (drafts and archived ones too, which staff open); `visible` decides per caller. The
 * document's href is the start page, /assessment/{uuid} (where calendar and to-do links go);
 * staff get the editor instead (`hrefs`).
 */
export const assessmentSearch: SearchKindProvider = {
  kind: 'assessment',
  label: SEARCH_KIND_LABELS.assessment,
  version: 1,
  async documents(ctx, ids) {
    if (ids.length === 0) return [];
    const rows = await ctx.db
      .select({
        id: assessments.id,
        uuid: assessments.uuid,
        organisationId: assessments.organisationId,
        title: assessments.title,
        instructions: assessments.instructions,
      })
      .from(assessments)
      .where(inArray(assessments.id, [...ids]));
    return rows.map((r) => ({
      id: r.id,
      organisationId: r.organisationId,
      title: r.title,
      body: searchTextOfHtml(r.instructions).slice(0, SEARCH_BODY_LIMIT),
      subtitle: null,
      href: `/assessment/${r.uuid}`,
    }));
  },
  async ids(ctx, afterId, limit) {
    const rows = await ctx.db
      .select({ id: assessments.id })
      .from(assessments)
      .where(gt(assessments.id, afterId))
      .orderBy(asc(assessments.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },
  async visible(ctx, auth, ids) {
    if (ids.length === 0) return new Set();
    const rows = await ctx.db
      .select({ id: assessments.id })
      .from(assessments)
      .where(and(inArray(assessments.id, [...ids]), openableBy(auth)));
    return new Set(rows.map((r) => r.id));
  },
  // Staff open the editor (read-only where they may not edit: it follows the abilities), as the
  // authoring list links it; no query: `visible` already kept only their organisation's.
  async hrefs(_ctx, auth, ids) {
    if (!isStaff(auth)) return new Map();
    return new Map(ids.map((id) => [id, `/assessment/edit-assessment/${id}`]));
  },
};

export const assessmentsSearch: SearchProvider = { kinds: [assessmentSearch] };
