/** Course (and other item) statuses the editability rule speaks of. */
export const ITEM_STATUSES = ['draft', 'pending', 'approved', 'published'] as const;
export type TItemStatus = (typeof ITEM_STATUSES)[number];

/**
 * Spec §4, implemented once for server checks and the UI:
 * - an item that is pending, published or approved is a candidate, and a
 *   candidate can be edited by role 3 (trainer);
 * - an item that is pending, or published with role id 2 or lower, can also
 *   be edited.
 * The spec says nothing of drafts, which would leave them editable by no one:
 * a draft is its author's work in progress, so roles 1 to 3 may edit it
 * (ownership — a trainer edits their own drafts only — is checked separately).
 */
export function isEditable(status: TItemStatus, roleId: number): boolean {
  if (status === 'draft') return roleId >= 1 && roleId <= 3;
  const candidate = status === 'pending' || status === 'published' || status === 'approved';
  if (candidate && roleId === 3) return true;
  return status === 'pending' || (status === 'published' && roleId <= 2);
}
