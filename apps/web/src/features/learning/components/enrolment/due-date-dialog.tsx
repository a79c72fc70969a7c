import type { TEnrolment } from '@atrium/contract';
import { DueDateDialog as DueDateForm } from '../../../../shared/ui/due-date-dialog.tsx';
import { useUpdateEnrolment } from '../../api/enrolment.api.ts';

/** Sets or clears the day a learner should finish the course by. */
export function DueDateDialog({
  enrolment,
  onClose,
}: {
  enrolment: TEnrolment;
  onClose: () => void;
}) {
  const update = useUpdateEnrolment();
  return (
    <DueDateForm
      learner={enrolment.user.fullname}
      dueAt={enrolment.due_at}
      pending={update.isPending}
      onSave={(dueAt) =>
        update.mutate({ id: enrolment.id, change: { due_at: dueAt } }, { onSuccess: onClose })
      }
      onClose={onClose}
    />
  );
}
