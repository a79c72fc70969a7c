import { SCO_STATUSES, type TScoStatus } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { pageCountProps } from '../../../shared/ui/page-count.ts';
import { useScormReport } from '../api/scorm.api.ts';
import { formatSeconds, statusLabel } from './scorm-status.ts';

const STATUS_COLOURS: Partial<Record<TScoStatus, 'success' | 'error' | 'warning'>> = {
  completed: 'success',
  passed: 'success',
  failed: 'error',
  incomplete: 'warning',
  browsed: 'warning',
};

/** '85 / 100' or '85%' (2004 scaled), or a dash. */
export function formatScore(score: {
  raw: number | null;
  max: number | null;
  scaled: number | null;
}): string {
  if (score.raw !== null)
    return score.max !== null ? `${score.raw} / ${score.max}` : `${score.raw}`;
  if (score.scaled !== null) return `${Math.round(score.scaled * 100)}%`;
  return '—';
}

/** A course's SCORM tracking: per learner and SCO, the latest attempt's status, score and time. */
export function ScormReport({ courseId }: { courseId: number }) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(20);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const report = useScormReport({ course: courseId, page, pageSize, search: debounced, status });
  const rows = report.data?.results;

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          size="small"
          label="Search learners"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
        />
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">Any</MenuItem>
          {SCO_STATUSES.filter((s) => s !== 'unknown').map((s) => (
            <MenuItem key={s} value={s}>
              {statusLabel(s)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <LinearProgress
        aria-label="Loading the SCORM report"
        sx={{ visibility: report.isFetching ? 'visible' : 'hidden' }}
      />
      {report.isError ? (
        <Alert severity="error">{errorMessage(report.error)}</Alert>
      ) : rows && rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {debounced || status
            ? 'No tracking matches these filters.'
            : 'No learner has opened a SCORM package of this course yet.'}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="SCORM tracking">
            <TableHead>
              <TableRow>
                <TableCell>Learner</TableCell>
                <TableCell>Package / SCO</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Score</TableCell>
                <TableCell align="right">Time</TableCell>
                <TableCell align="right">Attempts</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(rows ?? []).map((row) => (
                <TableRow key={`${row.user.id}-${row.module_file}-${row.sco.identifier}`}>
                  <TableCell>
                    <Typography variant="body2">{row.user.fullname}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {row.user.email}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">{row.sco.title}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {row.package.title} · SCORM {row.package.version}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={statusLabel(row.status)}
                      color={STATUS_COLOURS[row.status] ?? 'default'}
                      variant="outlined"
                    />
                  </TableCell>
                  <TableCell align="right">{formatScore(row.score)}</TableCell>
                  <TableCell align="right">{formatSeconds(row.total_seconds)}</TableCell>
                  <TableCell align="right">{row.attempts}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        {...pageCountProps(report.data)}
        page={report.data ? page : 0}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[20, 50, 100]}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage="Per page"
      />
    </Stack>
  );
}
