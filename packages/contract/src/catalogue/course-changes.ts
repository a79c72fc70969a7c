import { isEditable, type TItemStatus } from './editability.ts';

/** Who may see a course, narrowest first: the order is what "widening" means. */
export const COURSE_VISIBILITIES = ['organisation', 'catalogue'] as const;
export type TCourseVisibility = (typeof COURSE_VISIBILITIES)[number];

/**
 * Kinds of change to a course, as the publication rule tells them apart:
 * - `edit`: text and settings, reordering, removing modules or files, narrowing
 *   the visibility — the spec §4 editability rule alone decides;
 * - `widen_visibility`: showing the course to more people (to the shared
 *   catalogue of every organisation);
 * - `add_content`: a new module, or a file or package attached to a module.
 */
export const COURSE_CHANGES = ['edit', 'widen_visibility', 'add_content'] as const;
export type TCourseChange = (typeof COURSE_CHANGES)[number];

/** Statuses that carry an admin's approval (published, or approved for publication). */
const REVIEWED: readonly TItemStatus[] = ['approved', 'published'];

/**
 * Whether a change would go past what an admin reviewed: widening the
 * audience or adding content to a reviewed course. Issue 14 (approval flow)
 * will route such changes through an approval request; until then they are
 * made by an admin directly.
 */
export function needsAdminApproval(status: TItemStatus, change: TCourseChange): boolean {
  return change !== 'edit' && REVIEWED.includes(status);
}

/**
 * Whether someone with this role may make this kind of change to a course in
 * this status (superadmin = 1, the organisation's admin = 2): the editability
 * rule first, then changes past an admin's review are for admins only, so a
 * trainer cannot publish more than the admin approved. Ownership and the
 * organisation are checked separately (server `canEdit`, the course's `can_edit`).
 */
export function canChangeCourse(
  status: TItemStatus,
  roleId: number,
  change: TCourseChange,
): boolean {
  if (!isEditable(status, roleId)) return false;
  if (needsAdminApproval(status, change)) return roleId === 1 || roleId === 2;
  return true;
}

/** Whether going from one visibility to another shows the course to more people. */
export function widensVisibility(from: TCourseVisibility, to: TCourseVisibility): boolean {
  return COURSE_VISIBILITIES.indexOf(to) > COURSE_VISIBILITIES.indexOf(from);
}

/** Why a change is refused to a non-admin (the server's 403 and the web's explanation). */
export function adminApprovalMessage(
  status: TItemStatus,
  change: Exclude<TCourseChange, 'edit'>,
): string {
  return change === 'widen_visibility'
    ? `This course is ${status}: an admin must approve widening its visibility to the shared catalogue.`
    : `This course is ${status}: an admin must approve new modules, files and packages, so only an admin can add them.`;
}
