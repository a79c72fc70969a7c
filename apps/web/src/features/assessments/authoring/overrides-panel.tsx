import type { TAssessmentOverride } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatDuration } from '../../../shared/format/duration.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { useOverrides, useRemoveOverride } from '../api/assessments.api.ts';
import { formatDateTime } from './labels.ts';
import { OverrideDialog } from './override-dialog.tsx';

const nameOf = (o: TAssessmentOverride) =>
  o.user?.fullname ?? `Department ${o.department?.name ?? ''}`;
const time = (s: number | null) => (s === null ? '—' : formatDuration(s));

/** Exceptions per learner or department, which win over the assessment's settings. */
export function OverridesPanel({
  assessmentId,
  editable,
}: {
  assessmentId: number;
  editable: boolean;
}) {
  const list = useOverrides(assessmentId);
  const remove = useRemoveOverride(assessmentId);
  const [editing, setEditing] = useState<TAssessmentOverride | 'new' | null>(null);
  const [removing, setRemoving] = useState<TAssessmentOverride | null>(null);
  const rows = list.data;
  return (
    <Stack spacing={2}>
      {editable && (
        <Button
          startIcon={<AddOutlined />}
          variant="outlined"
          onClick={() => setEditing('new')}
          sx={{ alignSelf: 'flex-start' }}
        >
          Add an override
        </Button>
      )}
      {list.isError ? (
        <Alert severity="error">{errorMessage(list.error)}</Alert>
      ) : rows?.length === 0 ? (
        <EmptyState icon={<EventBusyOutlined fontSize="large" />}>
          No overrides: everyone has the assessment’s own time, dates and attempts.
        </EmptyState>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Overrides" sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell>For</TableCell>
                <TableCell>Extra time</TableCell>
                <TableCell>Time limit</TableCell>
                <TableCell>Opens</TableCell>
                <TableCell>Closes</TableCell>
                <TableCell align="right">Attempts</TableCell>
                <TableCell align="right">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows === undefined ? (
                <TableRow>
                  <TableCell colSpan={7}>
                    <Skeleton height={32} />
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((o) => (
                  <TableRow key={o.id}>
                    <TableCell>{nameOf(o)}</TableCell>
                    <TableCell>{time(o.extra_seconds)}</TableCell>
                    <TableCell>{time(o.time_limit_seconds)}</TableCell>
                    <TableCell>{formatDateTime(o.opens_at)}</TableCell>
                    <TableCell>{formatDateTime(o.closes_at)}</TableCell>
                    <TableCell align="right">{o.attempts_allowed ?? '—'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {editable && (
                        <>
                          <IconButton
                            size="small"
                            aria-label={`Edit the override for ${nameOf(o)}`}
                            onClick={() => setEditing(o)}
                          >
                            <EditOutlined fontSize="small" />
                          </IconButton>
                          <IconButton
                            size="small"
                            aria-label={`Delete the override for ${nameOf(o)}`}
                            onClick={() => setRemoving(o)}
                          >
                            <DeleteOutlined fontSize="small" />
                          </IconButton>
                        </>
                      )}
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing !== null && (
        <OverrideDialog
          assessmentId={assessmentId}
          override={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Delete this override?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })
        }
      >
        {`${removing ? nameOf(removing) : ''} goes back to the assessment’s own settings.`}
      </ConfirmDialog>
    </Stack>
  );
}
