import { needsAdminApproval } from '@atrium/contract';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit-log.ts';
import type { AuthContext } from '../../core/auth/access.ts';
import type { Tx } from '../../core/db/database.ts';
import { notFound } from '../../core/errors/app-error.ts';
import { courseModules, moduleFiles, repositoryFiles } from '../../schema/courses.table.ts';
import { assertCourseChange, editableCourseFor, lockedCourse } from './course-access.ts';

/**
 * A module item whose content lives elsewhere (an LTI resource link, issue 24): a repository
 * entry of its own kind with no stored bytes (its storage key names no file, so a download
 * answers 404 and nothing streams), attached to the module like an upload. Written in the
 * caller's transaction with the same rules as attaching a file: the author may edit the course,
 * trainers not on a published one, an admin's addition there audited.
 */
export async function addLinkedItem(
  tx: Tx,
  auth: AuthContext,
  moduleId: number,
  item: { name: string; kind: string; storageKey: string; contentType: string; ip?: string },
): Promise<{ fileId: number; moduleFileId: number; courseId: number }> {
  const [m] = await tx.select().from(courseModules).where(eq(courseModules.id, moduleId));
  if (!m) throw notFound('Could not get course module');
  await editableCourseFor(tx, auth, m.courseId);
  const course = await lockedCourse(tx, m.courseId);
  assertCourseChange(auth, course, 'add_content');
  const [file] = await tx
    .insert(repositoryFiles)
    .values({
      organisationId: course.organisationId,
      uploadedBy: auth.userId,
      name: item.name.slice(0, 255),
      fileType: 'catalogue',
      kind: item.kind,
      storageKey: item.storageKey,
      contentType: item.contentType,
      size: 0,
    })
    .returning({ id: repositoryFiles.id });
  await tx.execute(sql`select id from course_modules where id = ${moduleId} for update`);
  const [next] = await tx
    .select({ p: sql<number>`coalesce(max(${moduleFiles.position}), 0)::int + 1` })
    .from(moduleFiles)
    .where(eq(moduleFiles.moduleId, moduleId));
  const [placed] = await tx
    .insert(moduleFiles)
    .values({ moduleId, fileId: file!.id, position: next!.p, required: true })
    .returning({ id: moduleFiles.id });
  if (needsAdminApproval(course.status, 'add_content'))
    await recordAudit(tx, {
      action: 'course.content_added',
      actorId: auth.userId,
      organisationId: course.organisationId,
      ip: item.ip,
      details: {
        course: course.id,
        title: course.title,
        status: course.status,
        module: moduleId,
        file: file!.id,
        name: item.name,
        kind: item.kind,
      },
    });
  await tx.execute(sql`update courses set updated_at = now() where id = ${course.id}`);
  return { fileId: file!.id, moduleFileId: placed!.id, courseId: course.id };
}
