import type { TCourse } from '@atrium/contract';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { notifySuccess } from '../../../../shared/notify/notify.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { SectionCard } from '../../../../shared/ui/section-card.tsx';
import { statusDoneMessage, useSetCourseStatus } from '../../api/authoring.api.ts';
import {
  type PublishAction,
  publishActions,
  STATUS_COLOUR,
  STATUS_LABEL,
} from '../../authoring/publish-actions.ts';

/** The course's status and the moves the caller may make (published/{id}/, its abilities). */
export function CourseStatusCard({ course }: { course: TCourse }) {
  const setStatus = useSetCourseStatus(course.id);
  const [asking, setAsking] = useState<PublishAction | null>(null);
  const actions = publishActions(course);
  const confirm = () => {
    if (!asking) return;
    setStatus.mutate(asking.target, {
      onSuccess: () => notifySuccess(statusDoneMessage(asking.target)),
      onSettled: () => setAsking(null),
    });
  };
  return (
    <SectionCard title="Status">
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip
            label={STATUS_LABEL[course.status]}
            color={STATUS_COLOUR[course.status]}
            data-testid="course-status"
          />
          {course.published_at && course.status === 'published' && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              since {new Date(course.published_at).toLocaleDateString()}
            </Typography>
          )}
        </Stack>
        {actions.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {course.status === 'published'
              ? 'An admin can unpublish it.'
              : 'An admin decides on it next.'}
          </Typography>
        ) : (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {actions.map((action, index) => (
              <Button
                key={action.target}
                variant={index === 0 ? 'contained' : 'outlined'}
                onClick={() => setAsking(action)}
                disabled={setStatus.isPending}
              >
                {action.label}
              </Button>
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        open={asking !== null}
        title={`${asking?.label ?? ''}: ${course.title}`}
        confirmLabel={asking?.label ?? ''}
        busy={setStatus.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      >
        {asking?.hint}
      </ConfirmDialog>
    </SectionCard>
  );
}
