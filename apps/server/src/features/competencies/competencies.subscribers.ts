import { eq } from 'drizzle-orm';
import { defineSubscriber, type EventSubscriber } from '../../core/module.ts';
import { classroomSessions, classroomTopics } from '../../schema/classrooms.table.ts';
import { evidenceFromSource } from './competencies.evidence.ts';

/**
 * Evidence from what the other slices publish, through the links of what was finished. Each
 * insert is keyed by person, competency and source (`course:<id>`, `assessment:<id>`,
 * `classroom_topic:<id>`), so a redelivered event adds nothing. assessment.passed carries the
 * assessment, not a category (assessments have none; question categories belong to questions),
 * so links name the assessment. A session's topic and a class's topics are read from the shared
 * schema, as the CPD subscribers read their sources.
 */
export const competencySubscribers: readonly EventSubscriber[] = [
  defineSubscriber({
    event: 'course.completed',
    name: 'competency-evidence-course',
    async handle(ctx, p) {
      await evidenceFromSource(ctx.db, {
        organisationId: p.organisationId,
        userId: p.userId,
        source: 'course',
        sourceId: p.courseId,
      });
    },
  }),
  defineSubscriber({
    event: 'assessment.passed',
    name: 'competency-evidence-assessment',
    async handle(ctx, p) {
      await evidenceFromSource(ctx.db, {
        organisationId: p.organisationId,
        userId: p.userId,
        source: 'assessment',
        sourceId: p.assessmentId,
      });
    },
  }),
  defineSubscriber({
    event: 'session.attended',
    name: 'competency-evidence-session',
    async handle(ctx, p) {
      const [session] = await ctx.db
        .select({ topicId: classroomSessions.topicId })
        .from(classroomSessions)
        .where(eq(classroomSessions.id, p.sessionId));
      if (!session) return;
      await evidenceFromSource(ctx.db, {
        organisationId: p.organisationId,
        userId: p.userId,
        source: 'classroom_topic',
        sourceId: session.topicId,
      });
    },
  }),
  defineSubscriber({
    event: 'classroom.completed',
    name: 'competency-evidence-class',
    async handle(ctx, p) {
      const topics = await ctx.db
        .select({ id: classroomTopics.id })
        .from(classroomTopics)
        .where(eq(classroomTopics.classId, p.classId));
      await ctx.db.transaction(async (tx) => {
        for (const t of topics)
          await evidenceFromSource(tx, {
            organisationId: p.organisationId,
            userId: p.userId,
            source: 'classroom_topic',
            sourceId: t.id,
          });
      });
    },
  }),
];
