import {
  ATTENDANCE_MARKS,
  BOOKING_STATUSES,
  MARKABLE_BOOKING_STATUSES,
  type TBookingStatus,
  type TSession,
  type TSessionAttendee,
} from '@atrium/contract';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { pageCountProps } from '../../../../shared/ui/page-count.ts';
import { EmptyState } from '../../../../shared/ui/section-card.tsx';
import { VisuallyHidden } from '../../../../shared/ui/visually-hidden.tsx';
import { useAttendees, useCancelBooking, useMarkAttendance } from '../../api/bookings.api.ts';
import { BOOKING_STATUS, MARK_LABEL } from '../../labels.ts';
import { formatDateTime } from '../../time.ts';
import { LearnerReportDialog } from '../reports/learner-report-dialog.tsx';
import { BookingStatusChip } from '../status-chips.tsx';

const PAGE_SIZE = 25;
const METHOD_LABEL = { code: 'code', meeting: 'meeting', trainer: 'trainer' } as const;
const markable = (a: TSessionAttendee) =>
  (MARKABLE_BOOKING_STATUSES as readonly string[]).includes(a.status);

/**
 * A session's attendees, paged by the server: booked first, then the waitlist in order. Rows
 * holding a seat can be selected and marked together; managers remove a learner from a row.
 */
export function AttendeesTable({ session }: { session: TSession }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TBookingStatus | ''>('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [removing, setRemoving] = useState<TSessionAttendee | null>(null);
  const [learner, setLearner] = useState<TSessionAttendee['user'] | null>(null);
  const debounced = useDebouncedValue(search.trim());
  const list = useAttendees({
    session: session.id,
    search: debounced || undefined,
    status: status || undefined,
    page,
    page_size: PAGE_SIZE,
  });
  const mark = useMarkAttendance();
  const cancel = useCancelBooking();
  const rows = list.data?.results;
  const selectable = (rows ?? []).filter(markable);
  const allSelected = selectable.length > 0 && selectable.every((r) => selected.has(r.id));
  const canMark = session.abilities.attendance;
  const canRemove = session.abilities.edit;

  const toggle = (id: number) =>
    setSelected((all) => {
      const next = new Set(all);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Card>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ p: 2 }}>
        <TextField
          size="small"
          label="Search attendees"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as TBookingStatus | '');
            setPage(1);
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All</MenuItem>
          {BOOKING_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {BOOKING_STATUS[s].label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {canMark && selected.size > 0 && (
        <Toolbar
          sx={{ bgcolor: 'action.selected', gap: 1, flexWrap: 'wrap', py: 1 }}
          aria-label="Mark the selected learners"
          role="toolbar"
        >
          <Typography sx={{ flex: 1, minWidth: 120 }} role="status">
            {selected.size} selected
          </Typography>
          {ATTENDANCE_MARKS.map((m) => (
            <Button
              key={m}
              size="small"
              variant={m === 'present' ? 'contained' : 'outlined'}
              loading={mark.isPending && mark.variables?.marks[0]?.mark === m}
              disabled={mark.isPending}
              onClick={() =>
                mark.mutate(
                  {
                    session: session.id,
                    marks: [...selected].map((booking) => ({ booking, mark: m })),
                  },
                  { onSuccess: () => setSelected(new Set()) },
                )
              }
            >
              {MARK_LABEL[m]}
            </Button>
          ))}
        </Toolbar>
      )}
      <LinearProgress
        aria-label="Loading attendees"
        sx={{ visibility: list.isFetching && rows ? 'visible' : 'hidden' }}
      />
      {list.isError && !list.data ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorMessage(list.error)}
        </Alert>
      ) : rows?.length === 0 ? (
        <EmptyState icon={<GroupsOutlined fontSize="large" />}>
          {debounced || status ? 'Nobody matches these filters.' : 'Nobody has booked yet.'}
        </EmptyState>
      ) : (
        // Positioned: it holds the visually hidden header text, which is placed absolutely and
        // would otherwise widen the whole page on a phone.
        <TableContainer sx={{ position: 'relative' }}>
          <Table size="small" sx={{ minWidth: 720 }} aria-label="Attendees">
            <TableHead>
              <TableRow>
                {canMark && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allSelected}
                      indeterminate={!allSelected && selectable.some((r) => selected.has(r.id))}
                      disabled={selectable.length === 0}
                      onChange={() =>
                        setSelected(allSelected ? new Set() : new Set(selectable.map((r) => r.id)))
                      }
                      slotProps={{ input: { 'aria-label': 'Select every learner on this page' } }}
                    />
                  </TableCell>
                )}
                <TableCell>Learner</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Attendance</TableCell>
                <TableCell>Checked in</TableCell>
                {canRemove && (
                  <TableCell align="right">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows === undefined
                ? Array.from({ length: 4 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <TableRow key={i}>
                      <TableCell colSpan={6}>
                        <Skeleton height={32} />
                      </TableCell>
                    </TableRow>
                  ))
                : rows.map((a) => (
                    <TableRow key={a.id} hover selected={selected.has(a.id)}>
                      {canMark && (
                        <TableCell padding="checkbox">
                          <Checkbox
                            checked={selected.has(a.id)}
                            disabled={!markable(a)}
                            onChange={() => toggle(a.id)}
                            slotProps={{ input: { 'aria-label': `Select ${a.user.fullname}` } }}
                          />
                        </TableCell>
                      )}
                      <TableCell>
                        <Link
                          component="button"
                          type="button"
                          onClick={() => setLearner(a.user)}
                          sx={{ display: 'block', fontWeight: 600, textAlign: 'left' }}
                          aria-haspopup="dialog"
                        >
                          {a.user.fullname}
                        </Link>
                        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                          {a.user.email}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <BookingStatusChip status={a.status} position={a.waitlist_position} />
                      </TableCell>
                      <TableCell>{a.attendance ? MARK_LABEL[a.attendance] : '—'}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {a.checked_in_at
                          ? `${formatDateTime(a.checked_in_at)}${a.checkin_method ? ` (${METHOD_LABEL[a.checkin_method]})` : ''}`
                          : '—'}
                      </TableCell>
                      {canRemove && (
                        <TableCell align="right">
                          {['booked', 'waitlisted', 'requested'].includes(a.status) && (
                            <Tooltip title="Remove">
                              <IconButton
                                size="small"
                                aria-label={`Remove ${a.user.fullname}`}
                                onClick={() => {
                                  cancel.reset();
                                  setRemoving(a);
                                }}
                              >
                                <PersonRemoveOutlined fontSize="small" />
                              </IconButton>
                            </Tooltip>
                          )}
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        {...pageCountProps(list.data)}
        page={list.data ? page - 1 : 0}
        onPageChange={(_event, next) => {
          setPage(next + 1);
          setSelected(new Set());
        }}
        rowsPerPage={PAGE_SIZE}
        rowsPerPageOptions={[]}
      />
      <LearnerReportDialog learner={learner} onClose={() => setLearner(null)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove learner?"
        confirmLabel="Remove"
        destructive
        busy={cancel.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing && cancel.mutate(removing.id, { onSuccess: () => setRemoving(null) })
        }
      >
        {`${removing?.user.fullname ?? ''}'s booking is cancelled; a freed seat goes to the first on the waitlist.`}
      </ConfirmDialog>
    </Card>
  );
}
