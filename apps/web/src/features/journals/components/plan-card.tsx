import { GOAL_STATUS_LABELS, GOAL_STATUSES, type TGoal, type TGoalStatus } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { useDeleteGoal, useGoals, useSaveGoal } from '../api/journals.api.ts';
import { GoalDialog } from './goal-dialog.tsx';
import { Pager } from './pager.tsx';

/** A target date (a calendar day) as the reader's locale writes it, read in UTC: no day shift. */
export const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    timeZone: 'UTC',
    dateStyle: 'medium',
  });

/**
 * "My plan" on the dashboard: my learning goals with their target date, course and status; add,
 * edit, change the status in place, delete after a confirmation. Dated goals are on my calendar.
 */
export function PlanCard() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<TGoalStatus | ''>('');
  const [editing, setEditing] = useState<TGoal | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<TGoal | null>(null);
  const goals = useGoals(page, status);
  const remove = useDeleteGoal();

  return (
    <SectionCard
      title="My plan"
      subtitle="Learning goals; dated ones appear on your calendar."
      busy={goals.isPending}
      action={
        <Button startIcon={<AddOutlined />} onClick={() => setEditing(null)}>
          Add goal
        </Button>
      }
    >
      <TextField
        select
        size="small"
        label="Show"
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as TGoalStatus | '');
          setPage(1);
        }}
        sx={{ minWidth: 160, mb: 1 }}
        // The empty value is "All goals": shown, not taken for no choice.
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">All goals</MenuItem>
        {GOAL_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {GOAL_STATUS_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
      {goals.isError && <Alert severity="error">{errorMessage(goals.error)}</Alert>}
      {goals.isPending && <Skeleton variant="rounded" height={96} />}
      {goals.data?.count === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>
          {status
            ? `No goals are ${GOAL_STATUS_LABELS[status].toLowerCase()}.`
            : 'No goals yet. Add one to plan what you want to learn, and by when.'}
        </Typography>
      )}
      {goals.data && goals.data.count > 0 && (
        <List disablePadding aria-label="Goals">
          {goals.data.results.map((goal) => (
            <GoalRow
              key={goal.id}
              goal={goal}
              onEdit={() => setEditing(goal)}
              onDelete={() => setDeleting(goal)}
            />
          ))}
        </List>
      )}
      <Pager
        page={page}
        hasPrevious={Boolean(goals.data?.previous)}
        hasNext={Boolean(goals.data?.next)}
        label="goals"
        onPage={setPage}
      />
      <GoalDialog
        open={editing !== undefined}
        goal={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this goal?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
      >
        “{deleting?.title}” leaves your plan and your calendar.
        {remove.isError && <Alert severity="error">{errorMessage(remove.error)}</Alert>}
      </ConfirmDialog>
    </SectionCard>
  );
}

function GoalRow({
  goal,
  onEdit,
  onDelete,
}: {
  goal: TGoal;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const save = useSaveGoal(goal.id);
  const details = [
    goal.target_date ? `By ${formatDay(goal.target_date)}` : 'No target date',
    goal.course?.title,
  ].filter(Boolean);
  return (
    <ListItem disableGutters divider sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Stack sx={{ flex: '1 1 180px', minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>{goal.title}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {details.join(' · ')}
        </Typography>
        {save.isError && (
          <Typography variant="body2" role="alert" sx={{ color: 'error.main' }}>
            {errorMessage(save.error)}
          </Typography>
        )}
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
        <TextField
          select
          size="small"
          label={
            <>
              Status <VisuallyHidden>of {goal.title}</VisuallyHidden>
            </>
          }
          value={goal.status}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ status: e.target.value as TGoalStatus })}
          sx={{ width: 140 }}
        >
          {GOAL_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {GOAL_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <IconButton aria-label={`Edit ${goal.title}`} onClick={onEdit}>
          <EditOutlined />
        </IconButton>
        <IconButton aria-label={`Delete ${goal.title}`} onClick={onDelete}>
          <DeleteOutlined />
        </IconButton>
      </Stack>
    </ListItem>
  );
}
