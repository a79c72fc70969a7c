import type { TUserRow } from '@atrium/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { useAddReviewers, useRemoveReviewer, useReviewers } from '../api/assessments.api.ts';
import { PeoplePickers } from './learners-panel.tsx';

/** Trainers (and admins) who grade the essays and uploads of this assessment. */
export function ReviewersPanel({
  assessmentId,
  editable,
}: {
  assessmentId: number;
  editable: boolean;
}) {
  const list = useReviewers(assessmentId);
  const add = useAddReviewers(assessmentId);
  const remove = useRemoveReviewer(assessmentId);
  const [users, setUsers] = useState<TUserRow[]>([]);
  const [removing, setRemoving] = useState<{ id: number; fullname: string } | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (users.length > 0)
      add.mutate(
        users.map((u) => u.id),
        { onSuccess: () => setUsers([]) },
      );
  };
  return (
    <Stack spacing={2}>
      {editable && (
        <Stack
          component="form"
          noValidate
          onSubmit={submit}
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          aria-label="Add reviewers"
          sx={{ alignItems: { md: 'flex-start' } }}
        >
          <PeoplePickers
            users={users}
            departments={null}
            onUsers={setUsers}
            userLabel="Trainers"
            roles="2,3"
          />
          <Button
            type="submit"
            variant="contained"
            loading={add.isPending}
            disabled={users.length === 0}
          >
            Add reviewers
          </Button>
        </Stack>
      )}
      {add.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(add.error)}
        </Alert>
      )}
      {list.isError ? (
        <Alert severity="error">{errorMessage(list.error)}</Alert>
      ) : list.data === undefined ? (
        <Skeleton height={80} />
      ) : list.data.length === 0 ? (
        <EmptyState icon={<RateReviewOutlined fontSize="large" />}>
          No reviewers: the author and administrators grade answers.
        </EmptyState>
      ) : (
        <List aria-label="Reviewers">
          {list.data.map((r) => (
            <ListItem
              key={r.id}
              divider
              secondaryAction={
                editable && (
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${r.fullname}`}
                    onClick={() => setRemoving(r)}
                  >
                    <DeleteOutlined />
                  </IconButton>
                )
              }
            >
              <ListItemText primary={r.fullname} secondary={r.email} />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this reviewer?"
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })
        }
      >
        {`${removing?.fullname ?? ''} will no longer grade this assessment. Grades they gave stay.`}
      </ConfirmDialog>
    </Stack>
  );
}
