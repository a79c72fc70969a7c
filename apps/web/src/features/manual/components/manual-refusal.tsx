import { AccessNotice } from '../../../shared/ui/access-notice.tsx';

/** What a learner (or anyone the server refuses) sees instead of the manual. */
export function ManualRefusal() {
  return (
    <AccessNotice title="The user manual is for staff">
      It is written for administrators, trainers and hiring managers. Learners find a short guide on
      the support page, or can ask their trainer or administrator.
    </AccessNotice>
  );
}
