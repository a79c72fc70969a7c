import {
  adminApprovalMessage,
  canChangeCourse,
  type TCourse,
  type TCourseChange,
} from '@atrium/contract';

/**
 * Why the caller may not make this change to a course they otherwise edit — the
 * server's own 403 message, from the same contract rule (canChangeCourse) — or
 * null when they may. On a published course, widening its visibility and adding
 * modules, files or packages is for admins; a read-only course (can_edit false)
 * is explained by the page already.
 */
export function adminOnlyReason(
  course: Pick<TCourse, 'status' | 'can_edit'>,
  roleId: number,
  change: Exclude<TCourseChange, 'edit'>,
): string | null {
  if (!course.can_edit || canChangeCourse(course.status, roleId, change)) return null;
  return adminApprovalMessage(course.status, change);
}
