import type { TFaq, TFaqCreate, TFaqUpdate } from '@atrium/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AuthContext } from '../../core/auth/access.ts';
import type { DbOrTx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { courseFaqs } from '../../schema/courses.table.ts';
import { courseFor, managedCourseFor } from '../catalogue/index.ts';

const FAQ_NOT_FOUND = 'Could not get course faqs';
type FaqRow = typeof courseFaqs.$inferSelect;

const toFaq = (f: FaqRow): TFaq => ({
  id: f.id,
  course: f.courseId,
  question: f.question,
  answer: f.answer,
  position: f.position,
});

const managedCourse = (db: DbOrTx, auth: AuthContext, courseId: number) =>
  managedCourseFor(db, auth, courseId, 'Only the course managers can change its FAQs.');

async function managedFaq(db: DbOrTx, auth: AuthContext, id: number): Promise<FaqRow> {
  const [faq] = await db.select().from(courseFaqs).where(eq(courseFaqs.id, id));
  if (!faq) throw notFound(FAQ_NOT_FOUND);
  await managedCourse(db, auth, faq.courseId);
  return faq;
}

export const faqs = {
  /** Anyone who can see the course; ordered by position (course_faqs_course_idx). */
  async list(
    db: DbOrTx,
    auth: AuthContext,
    courseId: number,
    page: { limit: number; offset: number },
  ) {
    await courseFor(db, auth, courseId);
    const where = eq(courseFaqs.courseId, courseId);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(courseFaqs)
        .where(where)
        .orderBy(asc(courseFaqs.position), asc(courseFaqs.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(courseFaqs).where(where),
    ]);
    return { count: total?.n ?? 0, rows: rows.map(toFaq) };
  },

  async create(db: DbOrTx, auth: AuthContext, input: TFaqCreate): Promise<TFaq> {
    await managedCourse(db, auth, input.course);
    const position =
      input.position ??
      (
        await db
          .select({ next: sql<number>`coalesce(max(${courseFaqs.position}) + 1, 0)::int` })
          .from(courseFaqs)
          .where(eq(courseFaqs.courseId, input.course))
      )[0]!.next;
    const [faq] = await db
      .insert(courseFaqs)
      .values({ courseId: input.course, question: input.question, answer: input.answer, position })
      .returning();
    return toFaq(faq!);
  },

  async update(db: DbOrTx, auth: AuthContext, id: number, input: TFaqUpdate): Promise<TFaq> {
    const faq = await managedFaq(db, auth, id);
    if (Object.keys(input).length === 0) return toFaq(faq);
    const [updated] = await db
      .update(courseFaqs)
      .set(input)
      .where(and(eq(courseFaqs.id, id), eq(courseFaqs.courseId, faq.courseId)))
      .returning();
    return toFaq(updated!);
  },

  async remove(db: DbOrTx, auth: AuthContext, id: number): Promise<void> {
    await managedFaq(db, auth, id);
    await db.delete(courseFaqs).where(eq(courseFaqs.id, id));
  },
};
