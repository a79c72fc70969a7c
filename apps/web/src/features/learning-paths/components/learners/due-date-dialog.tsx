import type { TLearningPathEnrolment } from '@atrium/contract';
import { DueDateDialog as DueDateForm } from '../../../../shared/ui/due-date-dialog.tsx';
import { useUpdatePathEnrolment } from '../../api/enrolments.api.ts';

/** Sets or clears the day one learner should finish the path by. */
export function DueDateDialog({
  enrolment,
  onClose,
}: {
  enrolment: TLearningPathEnrolment;
  onClose: () => void;
}) {
  const update = useUpdatePathEnrolment();
  return (
    <DueDateForm
      learner={enrolment.user.fullname}
      dueAt={enrolment.due_at}
      pending={update.isPending}
      onSave={(dueAt) => update.mutate({ id: enrolment.id, dueAt }, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
