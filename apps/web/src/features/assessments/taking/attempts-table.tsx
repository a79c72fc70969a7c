import type { TAttemptSummary } from '@atrium/contract';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDuration } from '../../../shared/format/duration.ts';
import { ATTEMPT_STATUS_LABELS, formatDateTime, percentLabel } from './labels.ts';

/** The learner's attempts, with a link to each result they may see now. */
export function AttemptsTable({ attempts }: { attempts: readonly TAttemptSummary[] }) {
  if (attempts.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>No attempts yet.</Typography>;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Your attempts">
        <TableHead>
          <TableRow>
            <TableCell>Attempt</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Submitted</TableCell>
            <TableCell>Time taken</TableCell>
            <TableCell>Score</TableCell>
            <TableCell>Result</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {attempts.map((a) => (
            <TableRow key={a.id}>
              <TableCell>{a.number}</TableCell>
              <TableCell>
                {ATTEMPT_STATUS_LABELS[a.status]}
                {a.submitted_by === 'timeout' && ' (time up)'}
              </TableCell>
              <TableCell>{formatDateTime(a.submitted_at) || '—'}</TableCell>
              <TableCell>
                {a.time_taken_seconds === null ? '—' : formatDuration(a.time_taken_seconds)}
              </TableCell>
              <TableCell>
                {a.score !== null && a.max_score !== null
                  ? `${a.score} / ${a.max_score}${a.percent !== null ? ` (${percentLabel(a.percent)})` : ''}`
                  : a.pending_manual > 0
                    ? 'Awaiting grading'
                    : '—'}
                {a.passed !== null && (
                  <Chip
                    size="small"
                    sx={{ ml: 1 }}
                    color={a.passed ? 'success' : 'error'}
                    label={a.passed ? 'Passed' : 'Not passed'}
                  />
                )}
              </TableCell>
              <TableCell>
                {a.reviewable ? (
                  <Link component={RouterLink} to={`/assessment/result/${a.id}`}>
                    View result
                  </Link>
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
