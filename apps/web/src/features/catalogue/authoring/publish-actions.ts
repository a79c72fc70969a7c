import { ROLE, type TItemStatus } from '@atrium/contract';

export interface PublishAction {
  target: 'pending' | 'published' | 'draft';
  label: string;
  /** What happens, for the confirmation and the button's description. */
  hint: string;
}

/**
 * The status changes published/{id}/ allows the caller (catalogue.service setStatus): admins
 * (and superadmins) move a course anywhere; a trainer, on their own course, submits a draft for
 * review or withdraws it while it is pending. `manages` is false for a trainer on someone else's
 * course: they get nothing.
 */
export function publishActions(
  status: TItemStatus,
  roleId: number,
  manages: boolean,
): PublishAction[] {
  if (!manages) return [];
  const publish: PublishAction = {
    target: 'published',
    label: 'Publish',
    hint: 'Learners can find and take it.',
  };
  const toDraft = (label: string, hint: string): PublishAction => ({
    target: 'draft',
    label,
    hint,
  });
  if (roleId === ROLE.SUPERADMIN || roleId === ROLE.ADMIN) {
    if (status === 'published')
      return [toDraft('Unpublish', 'Learners no longer see it; it goes back to draft.')];
    if (status === 'draft') return [publish];
    return [publish, toDraft('Back to draft', 'The author can work on it again.')];
  }
  if (roleId !== ROLE.TRAINER) return [];
  if (status === 'draft')
    return [
      { target: 'pending', label: 'Submit for review', hint: 'An admin reviews and publishes it.' },
    ];
  if (status === 'pending')
    return [toDraft('Withdraw', 'It goes back to draft so you can keep working on it.')];
  return [];
}

export const STATUS_LABEL: Record<TItemStatus, string> = {
  draft: 'Draft',
  pending: 'Pending review',
  approved: 'Approved',
  published: 'Published',
};

export const STATUS_COLOUR: Record<TItemStatus, 'default' | 'warning' | 'info' | 'success'> = {
  draft: 'default',
  pending: 'warning',
  approved: 'info',
  published: 'success',
};

/** Whether the caller manages the course (server canManage): staff, or the trainer who made it. */
export function managesCourse(
  roleId: number,
  userId: number,
  createdBy: { id: number } | null,
): boolean {
  if (roleId === ROLE.SUPERADMIN || roleId === ROLE.ADMIN) return true;
  return roleId === ROLE.TRAINER && createdBy?.id === userId;
}
