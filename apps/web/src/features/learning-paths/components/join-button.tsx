import type { TLearningPath } from '@atrium/contract';
import Button from '@mui/material/Button';
import { notifySuccess } from '../../../shared/notify/notify.ts';
import { useJoinPath } from '../api/paths.api.ts';
import { joinAction } from '../path-labels.ts';

/** Join (self-enrolment) or Request to join, only when the server allows the caller one. */
export function JoinButton({
  path,
  size = 'small',
}: {
  path: Pick<TLearningPath, 'id' | 'title' | 'abilities' | 'mine'>;
  size?: 'small' | 'medium';
}) {
  const join = useJoinPath();
  const action = joinAction(path);
  if (action.kind === null) return null;
  return (
    <Button
      size={size}
      variant={action.kind === 'join' ? 'contained' : 'outlined'}
      loading={join.isPending}
      aria-label={`${action.label}: ${path.title}`}
      onClick={() =>
        join.mutate(path.id, {
          onSuccess: (enrolment) =>
            notifySuccess(
              enrolment.state === 'requested'
                ? 'Request sent. You will be told when it is decided.'
                : `You joined ${path.title}.`,
            ),
        })
      }
    >
      {action.label}
    </Button>
  );
}
