import type { TCourse, TItemStatus } from '@atrium/contract';

export interface PublishAction {
  target: 'pending' | 'published' | 'draft';
  label: string;
  /** What happens, for the confirmation and the button's description. */
  hint: string;
}

/**
 * The status changes to offer on a course, from the moves the server says the caller may make
 * (its abilities, catalogue.policy statusTargets): whoever may publish publishes (an admin does
 * not submit their own course for review), unpublishes or sends back; the author who may not
 * submits a draft for review and withdraws it while it is pending.
 */
export function publishActions(course: Pick<TCourse, 'status' | 'abilities'>): PublishAction[] {
  const { status, abilities } = course;
  const actions: PublishAction[] = [];
  if (abilities.publish) {
    actions.push({ target: 'published', label: 'Publish', hint: 'Learners can find and take it.' });
  } else if (abilities.submit_for_review && status === 'draft') {
    actions.push({
      target: 'pending',
      label: 'Submit for review',
      hint: 'An admin reviews and publishes it.',
    });
  }
  if (abilities.return_to_draft) actions.push(toDraft(status, abilities.publish));
  return actions;
}

function toDraft(status: TItemStatus, reviewer: boolean): PublishAction {
  if (status === 'published')
    return {
      target: 'draft',
      label: 'Unpublish',
      hint: 'Learners no longer see it; it goes back to draft.',
    };
  if (reviewer)
    return { target: 'draft', label: 'Back to draft', hint: 'The author can work on it again.' };
  return {
    target: 'draft',
    label: 'Withdraw',
    hint: 'It goes back to draft so you can keep working on it.',
  };
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
