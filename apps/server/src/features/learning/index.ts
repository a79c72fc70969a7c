import type { AppModule } from '../../core/module.ts';
import { courseEnrolmentApproval } from './enrolments.approval.ts';
import { learningCalendar } from './learning.calendar.ts';
import { learningMatrix } from './learning.matrix.ts';
import { registerLearningRoutes } from './learning.routes.ts';
import { learningTodo } from './learning.todo.ts';

/**
 * Taking courses: enrolment and requests, progress, FAQs, reviews, assignments. (A course's
 * discussion is the discussions slice's, §7 course-discussion-* calls included.)
 */
export const learningModule: AppModule = {
  name: 'learning',
  routes: registerLearningRoutes,
  matrix: learningMatrix,
  approvalKinds: [courseEnrolmentApproval],
  calendar: learningCalendar,
  todo: learningTodo,
};

export { submissionSource } from './assignments.source.ts';
export type { EnrolmentEvent } from './enrolments.events.ts';
export {
  type CoursePlace,
  ensureCourseEnrolments,
  reopenCourseEnrolments,
} from './enrolments.for-paths.ts';
export { ACTIVE_STATUSES, refused } from './enrolments.shared.ts';
export { NOT_ENROLLED_PROGRESS, progress } from './progress.service.ts';
