import { defineSubscriber, type EventSubscriber } from '../../core/module.ts';
import { award } from './gamification.award.ts';
import { forgetMember } from './gamification.members.ts';

/**
 * Points from what the other slices publish, each through award(): the source key names what
 * earned it, so a redelivered event, a course reopened and completed again, a second attempt
 * passed at the same assessment or a second sign-in the same UTC day earns nothing. The event's
 * time is the award's (cool-downs and caps judge when it happened, not when it was delivered).
 */
export const gamificationSubscribers: readonly EventSubscriber[] = [
  defineSubscriber({
    event: 'course.completed',
    name: 'points-course-completed',
    async handle(ctx, p, meta) {
      await award(ctx, {
        organisationId: p.organisationId,
        userId: p.userId,
        rule: 'course_completed',
        sourceKey: `course:${p.courseId}`,
        at: meta.occurredAt,
      });
    },
  }),
  defineSubscriber({
    event: 'module_file.completed',
    name: 'points-module-file-completed',
    async handle(ctx, p, meta) {
      await award(ctx, {
        organisationId: p.organisationId,
        userId: p.userId,
        rule: 'module_file_completed',
        sourceKey: `module_file:${p.moduleFileId}`,
        at: meta.occurredAt,
      });
    },
  }),
  defineSubscriber({
    event: 'assessment.passed',
    name: 'points-assessment-passed',
    async handle(ctx, p, meta) {
      await award(ctx, {
        organisationId: p.organisationId,
        userId: p.userId,
        rule: 'assessment_passed',
        // Once per assessment: passing it again (a better score) is not new learning.
        sourceKey: `assessment:${p.assessmentId}`,
        percent: p.percent,
        at: meta.occurredAt,
      });
    },
  }),
  defineSubscriber({
    event: 'learning_path.completed',
    name: 'points-learning-path-completed',
    async handle(ctx, p, meta) {
      await award(ctx, {
        organisationId: p.organisationId,
        userId: p.userId,
        rule: 'learning_path_completed',
        // A recertification cycle is new learning; a redelivery of the same cycle is not.
        sourceKey: `learning_path:${p.pathId}${p.cycle > 0 ? `#${p.cycle}` : ''}`,
        at: meta.occurredAt,
      });
    },
  }),
  defineSubscriber({
    event: 'session.attended',
    name: 'points-session-attended',
    async handle(ctx, p, meta) {
      await award(ctx, {
        organisationId: p.organisationId,
        userId: p.userId,
        rule: 'session_attended',
        sourceKey: `classroom_session:${p.sessionId}`,
        at: meta.occurredAt,
      });
    },
  }),
  defineSubscriber({
    event: 'discussion.answer_accepted',
    name: 'points-answer-accepted',
    // Accepting one's own answer to one's own question earns nothing.
    when: (p) => p.acceptedBy !== p.answerAuthorId,
    async handle(ctx, p, meta) {
      await award(ctx, {
        organisationId: p.organisationId,
        userId: p.answerAuthorId,
        rule: 'discussion_answer_accepted',
        sourceKey: `answer:${p.answerId}`,
        at: meta.occurredAt,
      });
    },
  }),
  defineSubscriber({
    event: 'user.signed_in',
    name: 'points-daily-sign-in',
    async handle(ctx, p, meta) {
      await award(ctx, {
        organisationId: p.organisationId,
        userId: p.userId,
        rule: 'daily_sign_in',
        // The UTC date: signing out and in again the same day counts once.
        sourceKey: p.signedInAt.slice(0, 10),
        at: meta.occurredAt,
      });
    },
  }),
  defineSubscriber({
    event: 'member.removed',
    name: 'points-member-removed',
    // A deleted account's points went with it (cascade).
    when: (p) => !p.accountDeleted,
    async handle(ctx, p) {
      await forgetMember(ctx.db, p.organisationId, p.userId);
    },
  }),
];
