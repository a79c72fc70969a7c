import { defineSubscriber } from '../../core/module.ts';
import {
  onCourseCompleted,
  pathsHolding,
  recomputeProgress,
  recomputeWholePath,
} from './progress.service.ts';
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
  defineSubscriber({
    event: 'learning_path.structure_changed',
    name: 'progress-on-structure-changed',
    async handle(ctx, e) {
      // Items added, removed or re-linked: units, completion and what is open change for all.
      await recomputeWholePath(ctx, e.pathId);
    },
  }),
  defineSubscriber({
    event: 'learning_path.published',
    name: 'progress-on-path-published',
    async handle(ctx, e) {
      // Back from archive with learners still enrolled: their open courses are enrolled again.
      await recomputeWholePath(ctx, e.pathId);
    },
  }),
  defineSubscriber({
    event: 'course.published',
    name: 'enrol-on-course-published',
    async handle(ctx, e) {
      // A course still a draft when it became available to a learner was not enrolled then.
      for (const pathId of await pathsHolding(ctx, e.courseId))
        await recomputeWholePath(ctx, pathId);
    },
  }),
];
