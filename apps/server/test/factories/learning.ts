import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DbOrTx } from '../../src/core/db/database.ts';
import {
  type CourseStatus,
  courseModules,
  courses,
  moduleFiles,
  repositoryFiles,
} from '../../src/schema/courses.table.ts';
import { courseEnrolments, type EnrolmentStatus } from '../../src/schema/enrolments.table.ts';

/**
 * Test rows for the learning slice, inserted directly (the catalogue's own
 * endpoints are another slice's).
 */
export async function makeCourse(
  db: DbOrTx,
  options: {
    organisationId: number;
    createdBy?: number;
    status?: CourseStatus;
    selfEnrol?: boolean;
    visibility?: 'organisation' | 'catalogue';
  },
) {
  const [course] = await db
    .insert(courses)
    .values({
      organisationId: options.organisationId,
      title: `Course ${randomBytes(3).toString('hex')}`,
      createdBy: options.createdBy,
      status: options.status ?? 'published',
      selfEnrol: options.selfEnrol ?? true,
      visibility: options.visibility ?? 'organisation',
    })
    .returning();
  return course!;
}

/** A module with `files` module files (required unless said otherwise). */
export async function makeModule(
  db: DbOrTx,
  course: { id: number; organisationId: number },
  files: { required?: boolean }[] = [{}],
  position = 0,
) {
  const [module] = await db
    .insert(courseModules)
    .values({ courseId: course.id, title: `Module ${position}`, position })
    .returning();
  const items = [];
  for (const [i, f] of files.entries()) {
    const [file] = await db
      .insert(repositoryFiles)
      .values({
        organisationId: course.organisationId,
        name: `file-${i}.pdf`,
        kind: 'pdf',
        storageKey: `courses/files/${randomBytes(8).toString('hex')}.pdf`,
        contentType: 'application/pdf',
        size: 100,
      })
      .returning();
    const [item] = await db
      .insert(moduleFiles)
      .values({ moduleId: module!.id, fileId: file!.id, position: i, required: f.required ?? true })
      .returning();
    items.push(item!);
  }
  return { module: module!, files: items };
}

export async function enrol(
  db: DbOrTx,
  courseId: number,
  userId: number,
  status: EnrolmentStatus = 'enrolled',
) {
  const now = new Date();
  const [row] = await db
    .insert(courseEnrolments)
    .values({
      courseId,
      userId,
      status,
      requestedAt: status === 'requested' ? now : null,
      enrolledAt: status === 'enrolled' || status === 'completed' ? now : null,
      completedAt: status === 'completed' ? now : null,
      progressPercent: status === 'completed' ? 100 : 0,
    })
    .returning();
  return row!;
}

/** A JSON call as a signed-in user. */
export function call(
  app: FastifyInstance,
  token: string | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  const options: InjectOptions = {
    method,
    url,
    headers: token ? { authorization: `Token ${token}` } : {},
  };
  if (payload !== undefined) options.payload = payload;
  return app.inject(options);
}
