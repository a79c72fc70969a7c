import { and, asc, eq, sql } from 'drizzle-orm';
import { TODO_PROVIDER_LIMIT, type TodoProvider } from '../../core/todo-provider.ts';
import { learningPathEnrolments, learningPaths } from '../../schema/learning-paths.table.ts';
import { canSeePath } from './learning-paths.policy.ts';

/**
 * The learning paths the person is enrolled in and has not completed, soonest due first, in paths
 * they may still open (canSeePath, enrolled; a draft path never). One query on
 * learning_path_enrolments_user_status_idx. Link: /learning-path/learner/learning-path/{id}.
 */
export const learningPathsTodo: TodoProvider = {
  kinds: { learning_path: 'Learning paths' },
  async items(ctx, auth) {
    const rows = await ctx.db
      .select({ enrolment: learningPathEnrolments, path: learningPaths })
      .from(learningPathEnrolments)
      .innerJoin(learningPaths, eq(learningPaths.id, learningPathEnrolments.pathId))
      .where(
        and(
          eq(learningPathEnrolments.userId, auth.userId),
          eq(learningPathEnrolments.status, 'enrolled'),
          sql`${learningPaths.status} <> 'draft'`,
        ),
      )
      .orderBy(sql`${learningPathEnrolments.dueAt} asc nulls last`, asc(learningPathEnrolments.id))
      .limit(TODO_PROVIDER_LIMIT);
    return rows
      .filter(({ path }) => canSeePath(auth, path, true))
      .map(({ enrolment, path }) => ({
        kind: 'learning_path',
        id: `learning-path:${path.id}`,
        title: path.title,
        detail: 'Learning path',
        href: `/learning-path/learner/learning-path/${path.id}`,
        dueAt: enrolment.dueAt,
      }));
  },
};
