import type { TPage, ZAttendee } from '@atrium/contract';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatDuration } from '../../../shared/format/duration.ts';
import { pageCountProps } from '../../../shared/ui/page-count.ts';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { formatDateTime, resultUrl } from '../authoring/labels.ts';
import { ATTENDEE_STATUS_COLOUR, ATTENDEE_STATUS_LABEL, percent } from './report-labels.ts';

type Attendee = z.infer<typeof ZAttendee>;

/** Everyone assigned or who attempted, with their final grade and a link to the last result. */
export function AttendeesTable({
  list,
  page,
  pageSize,
  onPage,
  empty,
}: {
  list: UseQueryResult<TPage<Attendee>>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  empty: string;
}) {
  if (list.isError && !list.data) return <Alert severity="error">{errorMessage(list.error)}</Alert>;
  const rows = list.data?.results;
  return (
    <>
      <LinearProgress
        aria-label="Loading attendees"
        sx={{ visibility: list.isFetching && rows ? 'visible' : 'hidden' }}
      />
      {rows?.length === 0 ? (
        <EmptyState icon={<PeopleOutlined fontSize="large" />}>{empty}</EmptyState>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Attendees" sx={{ minWidth: 880 }}>
            <TableHead>
              <TableRow>
                <TableCell>Learner</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Score</TableCell>
                <TableCell align="right">Percent</TableCell>
                <TableCell>Result</TableCell>
                <TableCell>Time taken</TableCell>
                <TableCell align="right">Attempts</TableCell>
                <TableCell>Submitted</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows === undefined
                ? Array.from({ length: 5 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <TableRow key={i}>
                      <TableCell colSpan={8}>
                        <Skeleton height={32} />
                      </TableCell>
                    </TableRow>
                  ))
                : rows.map((a) => (
                    <TableRow key={a.user.id} hover>
                      <TableCell sx={{ maxWidth: 260 }}>
                        {a.last_attempt ? (
                          <Link
                            component={RouterLink}
                            to={resultUrl(a.last_attempt)}
                            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                          >
                            {a.user.fullname}
                          </Link>
                        ) : (
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {a.user.fullname}
                          </Typography>
                        )}
                        <Typography
                          variant="caption"
                          sx={{
                            display: 'block',
                            color: 'text.secondary',
                            overflowWrap: 'anywhere',
                          }}
                        >
                          {[a.user.email, a.user.department].filter(Boolean).join(' · ')}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          label={ATTENDEE_STATUS_LABEL[a.status]}
                          color={ATTENDEE_STATUS_COLOUR[a.status]}
                          variant="outlined"
                        />
                        {a.pending_manual > 0 && (
                          <Typography
                            variant="caption"
                            sx={{ display: 'block', color: 'warning.main' }}
                          >
                            {a.pending_manual} to grade
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right">{a.score ?? '—'}</TableCell>
                      <TableCell align="right">{percent(a.percent, 1)}</TableCell>
                      <TableCell>
                        {a.passed === null ? (
                          '—'
                        ) : (
                          <Chip
                            size="small"
                            label={a.passed ? 'Passed' : 'Not passed'}
                            color={a.passed ? 'success' : 'error'}
                          />
                        )}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {a.time_taken_seconds === null ? '—' : formatDuration(a.time_taken_seconds)}
                      </TableCell>
                      <TableCell align="right">{a.attempts_used}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(a.last_submitted_at)}
                      </TableCell>
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
        onPageChange={(_event, next) => onPage(next + 1)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[]}
      />
    </>
  );
}
