import { defineSubscriber } from '../../core/module.ts';
import { evaluateCompletion } from './completion.service.ts';
import './classrooms.events.ts';

/**
 * Completion follows attendance: a first attendance (`session.attended`) and a corrected mark
 * (`classroom.attendance_changed`) both count the learner's sessions again. Idempotent: the
 * completion row is inserted once and only the insert that took announces it.
 */
export const completionSubscribers = [
  defineSubscriber({
    event: 'session.attended',
    name: 'complete-on-attended',
    async handle(ctx, e) {
      await evaluateCompletion(ctx, e.classId, [e.userId]);
    },
  }),
  defineSubscriber({
    event: 'classroom.attendance_changed',
    name: 'complete-on-attendance-changed',
    async handle(ctx, e) {
      await evaluateCompletion(ctx, e.classId, e.userIds);
    },
  }),
];
