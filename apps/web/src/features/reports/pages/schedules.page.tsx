import type { TSchedule, TScheduleRunStatus } from '@atrium/contract';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ScheduleSendOutlined from '@mui/icons-material/ScheduleSendOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useConfirmedRemoval } from '../../../shared/hooks/use-confirmed-removal.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { pageCountProps } from '../../../shared/ui/page-count.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { useRemoveSchedule, useSchedules, useUpdateSchedule } from '../api/schedules.api.ts';
import { ReportsTabs } from '../components/reports-tabs.tsx';
import { ScheduleDialog } from '../components/schedule-dialog.tsx';
import { describeRecurrence, WIDGET_TITLES } from '../components/schedule-form.ts';

const PAGE_SIZE = 20;
const STATUS: Record<
  TScheduleRunStatus,
  { label: string; color: 'success' | 'warning' | 'default' | 'error' }
> = {
  sent: { label: 'Sent', color: 'success' },
  partial: { label: 'Partly sent', color: 'warning' },
  skipped_empty: { label: 'Skipped (empty)', color: 'default' },
  failed: { label: 'Failed', color: 'error' },
};

const reportOf = (s: TSchedule) =>
  s.source.kind === 'widget'
    ? WIDGET_TITLES[s.source.widget]
    : s.source.kind === 'saved'
      ? 'Saved custom report'
      : 'Custom report';

function ScheduleRow({
  schedule,
  onEdit,
  onDelete,
}: {
  schedule: TSchedule;
  onEdit: (s: TSchedule) => void;
  onDelete: (s: TSchedule) => void;
}) {
  const update = useUpdateSchedule();
  const toggle = async (active: boolean) => {
    try {
      await update.mutateAsync({ id: schedule.id, body: { active } });
      notifySuccess(active ? 'The schedule is resumed.' : 'The schedule is paused.');
    } catch (err) {
      notifyError(errorMessage(err, 'The schedule could not be changed.'));
    }
  };
  const status = schedule.last_status ? STATUS[schedule.last_status] : null;
  return (
    <TableRow>
      <TableCell sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {schedule.name}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {reportOf(schedule)} · {schedule.format.toUpperCase()}
          {schedule.created_by ? ` · by ${schedule.created_by.name}` : ''}
        </Typography>
      </TableCell>
      <TableCell sx={{ minWidth: 160 }}>{describeRecurrence(schedule.recurrence)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {schedule.next_run_at ? new Date(schedule.next_run_at).toLocaleString() : 'Paused'}
      </TableCell>
      <TableCell>
        {status ? (
          <Tooltip
            title={
              schedule.last_run_at
                ? `Last run ${new Date(schedule.last_run_at).toLocaleString()}`
                : ''
            }
          >
            <Chip size="small" color={status.color} label={status.label} />
          </Tooltip>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Not run yet
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <Switch
          checked={schedule.active}
          disabled={!schedule.abilities.edit || update.isPending}
          onChange={(e) => void toggle(e.target.checked)}
          slotProps={{ input: { 'aria-label': `Send ${schedule.name} on schedule` } }}
        />
      </TableCell>
      <TableCell align="right">
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          {schedule.abilities.edit && (
            <Tooltip title="Edit">
              <IconButton
                size="small"
                aria-label={`Edit ${schedule.name}`}
                onClick={() => onEdit(schedule)}
              >
                <EditOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {schedule.abilities.delete && (
            <Tooltip title="Delete">
              <IconButton
                size="small"
                aria-label={`Delete ${schedule.name}`}
                onClick={() => onDelete(schedule)}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/**
 * /reports/schedules: reports e-mailed on a recurrence (mine; an admin's: the organisation's),
 * next run first, with the last run's outcome, pause/resume, edit and delete.
 */
export default function SchedulesPage() {
  const [page, setPage] = useState(0);
  const query = useSchedules(page + 1, PAGE_SIZE);
  const remove = useRemoveSchedule();
  const [editing, setEditing] = useState<TSchedule | null>(null);
  const [creating, setCreating] = useState(false);
  const deletion = useConfirmedRemoval<TSchedule>((id) => remove.mutateAsync(id), {
    done: 'The schedule is deleted.',
    failed: 'The schedule could not be deleted.',
  });

  const data = query.data;
  let body: React.ReactNode;
  if (query.isError) {
    body = (
      <LoadError
        error={query.error}
        fallback="The schedules could not be loaded."
        onRetry={() => void query.refetch()}
      />
    );
  } else if (!data) {
    body = <Skeleton variant="rounded" height={200} aria-hidden />;
  } else if (data.count === 0) {
    body = (
      <EmptyState icon={<ScheduleSendOutlined fontSize="large" />}>
        No scheduled reports yet. Schedule one to e-mail it to people or roles every day, week or
        month.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <TableContainer>
          <Table size="small" aria-label="Scheduled reports">
            <TableHead>
              <TableRow>
                <TableCell>Schedule</TableCell>
                <TableCell>When</TableCell>
                <TableCell>Next run</TableCell>
                <TableCell>Last run</TableCell>
                <TableCell>Active</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.results.map((s) => (
                <ScheduleRow key={s.id} schedule={s} onEdit={setEditing} onDelete={deletion.ask} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          page={page}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_e, next) => setPage(next)}
          {...pageCountProps(data)}
        />
      </>
    );
  }

  return (
    <PageContainer>
      <PageHeader
        title="Reports"
        subtitle="Reports e-mailed on a schedule, each recipient with the figures they may see."
      />
      <ReportsTabs current="schedules" />
      <SectionCard
        title="Scheduled reports"
        busy={query.isFetching}
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            New schedule
          </Button>
        }
      >
        {body}
      </SectionCard>
      <ScheduleDialog
        open={creating || editing !== null}
        schedule={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={deletion.pending !== null}
        title="Delete this schedule?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => void deletion.confirm()}
        onClose={deletion.cancel}
      >
        {deletion.pending
          ? `“${deletion.pending.name}” is no longer sent. Reports already sent stay sent.`
          : ''}
      </ConfirmDialog>
    </PageContainer>
  );
}
