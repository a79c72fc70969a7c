import { adminApprovalMessage, type TCourse, type TCourseChange } from '@atrium/contract';

/**
 * Why the caller may not make this change to a course they otherwise edit — the
 * server's own 403 message — or null when they may (its abilities say which). On
 * a published course, widening its visibility and adding modules, files or
 * packages is for admins; a read-only course (abilities.edit false) is explained
 * by the page already.
 */
export function adminOnlyReason(
  course: Pick<TCourse, 'status' | 'abilities'>,
  change: Exclude<TCourseChange, 'edit'>,
): string | null {
  if (!course.abilities.edit || course.abilities[change]) return null;
  return adminApprovalMessage(course.status, change);
}
