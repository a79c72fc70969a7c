import { defineSubscriber } from '../../core/module.ts';
import { onCourseCompleted, recomputeProgress } from './progress.service.ts';
import './learning-paths.events.ts';

/**
 * The slice's own reactions. Both recompute from current state, so a redelivered event changes
 * nothing more: progress is recalculated to the same value, a completion is taken only from a
 * row still enrolled (and its event raised only then), course places are inserted once.
 */
export const learningPathSubscribers = [
  defineSubscriber({
    event: 'course.completed',
    name: 'progress-on-course-completed',
    async handle(ctx, e) {
      await onCourseCompleted(ctx, e.userId, e.courseId);
    },
  }),
  defineSubscriber({
    event: 'learning_path.enrolled',
    name: 'progress-on-enrolled',
    async handle(ctx, e) {
      // Learners may have completed some of the path's courses already; the courses open to
      // them now get their enrolments.
      await recomputeProgress(ctx, e.pathId, e.userIds);
    },
  }),
];
