import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import type { AppModule } from '../../core/module.ts';
import { registerLearningPathEnrolmentRoutes } from './learning-path-enrolments.routes.ts';
import { learningPathEnrolmentApproval } from './learning-paths.approval.ts';
import { learningPathsCalendar } from './learning-paths.calendar.ts';
import { learningPathJobs, learningPathJobsOnReady } from './learning-paths.jobs.ts';
import { learningPathsMatrix } from './learning-paths.matrix.ts';
import { registerLearningPathRoutes } from './learning-paths.routes.ts';
import { learningPathSearch } from './learning-paths.search.ts';
import { learningPathSubscribers } from './learning-paths.subscribers.ts';
import { learningPathsTodo } from './learning-paths.todo.ts';

/**
 * Learning paths (issue 15): ordered programmes of courses with prerequisites and electives,
 * enrolment by user, department or designation, self or by request, due dates, validity,
 * progress from the courses' own completions, reviews and completion.
 */
export const learningPathsModule: AppModule = {
  name: 'learning-paths',
  routes(app: FastifyInstance, ctx: AppContext) {
    registerLearningPathRoutes(app, ctx);
    registerLearningPathEnrolmentRoutes(app, ctx);
    // Every node makes sure the sync chain (audiences, reminders, recertification) exists.
    app.addHook('onReady', () => learningPathJobsOnReady(ctx));
  },
  matrix: learningPathsMatrix,
  approvalKinds: [learningPathEnrolmentApproval],
  subscribers: learningPathSubscribers,
  jobs: learningPathJobs,
  calendar: learningPathsCalendar,
  todo: learningPathsTodo,
  search: { kinds: [learningPathSearch] },
};

// For the enrolments, progress and jobs of this slice (and later slices): the policy, the
// loaders that answer 404/403, and the graph rules of unlocking and progress.
export * from './learning-paths.policy.ts';
export {
  managedPathFor,
  managedPathsBy,
  PATH_NOT_FOUND,
  type Path,
  type PathEnrolment,
  pathEnrolmentState,
  pathFor,
  visiblePathsTo,
} from './paths.repository.ts';
export * from './structure.graph.ts';
export { courseStandings, loadPathGraph, loadPathGraphs } from './structure.repository.ts';
