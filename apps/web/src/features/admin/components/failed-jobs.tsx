import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { ADMIN_PAGE_SIZE, useFailedJobs, useRetryJobs } from '../api/admin.api.ts';

/** Jobs that gave up, with their last error: retry one, or every failed job of its type. */
export function FailedJobs() {
  const [page, setPage] = useState(1);
  const list = useFailedJobs(page, '');
  const retry = useRetryJobs();
  const [confirmType, setConfirmType] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const run = (body: { id: number } | { type: string }) => {
    setDone(null);
    retry.mutate(body, {
      onSuccess: ({ retried }) =>
        setDone(`${retried} ${retried === 1 ? 'job' : 'jobs'} queued again.`),
    });
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
        Failed jobs
      </Typography>
      {done && (
        <Alert severity="success" onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {retry.isError && <Alert severity="error">{errorMessage(retry.error)}</Alert>}
      {list.isPending ? (
        <LinearProgress aria-label="Loading failed jobs" />
      ) : list.isError ? (
        <LoadError
          error={list.error}
          fallback="The failed jobs could not be loaded."
          onRetry={() => list.refetch()}
        />
      ) : list.data.results.length === 0 ? (
        <Typography color="text.secondary">No failed jobs.</Typography>
      ) : (
        <>
          <TableContainer tabIndex={0} role="region" aria-label="Failed jobs, scrollable">
            <Table size="small" aria-label="Failed jobs">
              <TableHead>
                <TableRow>
                  <TableCell>Type</TableCell>
                  <TableCell>Last error</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Failed</TableCell>
                  <TableCell>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.results.map((job) => (
                  <TableRow key={job.id}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{job.type}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 360 }}>
                      {job.last_error ?? '—'}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {job.finished_at ? new Date(job.finished_at).toLocaleString() : '—'}
                    </TableCell>
                    <TableCell>
                      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                        <Button
                          size="small"
                          disabled={retry.isPending}
                          onClick={() => run({ id: job.id })}
                          aria-label={`Retry job ${job.id} (${job.type})`}
                        >
                          Retry
                        </Button>
                        <Button
                          size="small"
                          disabled={retry.isPending}
                          onClick={() => setConfirmType(job.type)}
                          aria-label={`Retry every failed ${job.type} job`}
                        >
                          Retry all of type
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {list.data.count > ADMIN_PAGE_SIZE && (
            <Pagination
              page={page}
              count={Math.ceil(list.data.count / ADMIN_PAGE_SIZE)}
              onChange={(_e, value) => setPage(value)}
            />
          )}
        </>
      )}
      <ConfirmDialog
        open={confirmType !== null}
        title="Retry every failed job of this type?"
        confirmLabel="Retry all"
        onClose={() => setConfirmType(null)}
        onConfirm={() => {
          if (confirmType) run({ type: confirmType });
          setConfirmType(null);
        }}
      >
        Every failed {confirmType} job is queued again with a fresh set of attempts.
      </ConfirmDialog>
    </Stack>
  );
}
