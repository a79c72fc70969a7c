import type { TEnrolment } from '@atrium/contract';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDate } from './enrolment-logic.ts';
import { EnrolmentStatusChip } from './enrolment-status-chip.tsx';

export type RequestAction = 'approve' | 'reject' | 'withdraw';

/**
 * Enrolment requests. `decide`: a manager's view (learner shown, approve / reject pending ones);
 * `mine`: the requester's view (withdraw a pending one). `showCourse` is off inside a course page.
 */
export function RequestsTable({
  rows,
  view,
  showCourse = true,
  busyId,
  onAction,
}: {
  rows: TEnrolment[];
  view: 'decide' | 'mine';
  showCourse?: boolean;
  /** The request an action is running on, so its buttons show progress. */
  busyId?: number | null;
  onAction: (row: TEnrolment, action: RequestAction) => void;
}) {
  return (
    <TableContainer>
      <Table size="small" sx={{ minWidth: 560 }} aria-label="Enrolment requests">
        <TableHead>
          <TableRow>
            {showCourse && <TableCell>Course</TableCell>}
            {view === 'decide' && <TableCell>Learner</TableCell>}
            <TableCell>Requested</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const pending = row.status === 'requested';
            const busy = busyId === row.id;
            return (
              <TableRow key={row.id} hover>
                {showCourse && (
                  <TableCell sx={{ maxWidth: 280 }}>
                    <Link
                      component={RouterLink}
                      to={`/courses/course-detail/${row.course.id}`}
                      underline="hover"
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {row.course.title}
                    </Link>
                  </TableCell>
                )}
                {view === 'decide' && (
                  <TableCell sx={{ maxWidth: 240 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                      {row.user.fullname}
                    </Typography>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap>
                      {row.user.email}
                    </Typography>
                  </TableCell>
                )}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.requested_at)}</TableCell>
                <TableCell>
                  <EnrolmentStatusChip
                    status={row.status}
                    label={row.status === 'enrolled' ? 'Approved' : undefined}
                  />
                </TableCell>
                <TableCell align="right">
                  {pending && view === 'decide' && (
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                      <Button
                        size="small"
                        variant="contained"
                        loading={busy}
                        onClick={() => onAction(row, 'approve')}
                        aria-label={`Approve ${row.user.fullname} for ${row.course.title}`}
                      >
                        Approve
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        variant="outlined"
                        disabled={busy}
                        onClick={() => onAction(row, 'reject')}
                        aria-label={`Reject ${row.user.fullname} for ${row.course.title}`}
                      >
                        Reject
                      </Button>
                    </Stack>
                  )}
                  {pending && view === 'mine' && (
                    <Button
                      size="small"
                      color="inherit"
                      variant="outlined"
                      loading={busy}
                      onClick={() => onAction(row, 'withdraw')}
                      aria-label={`Withdraw request for ${row.course.title}`}
                    >
                      Withdraw
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
