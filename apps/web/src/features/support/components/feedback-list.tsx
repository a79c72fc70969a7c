import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { dateStamp, saveBlob } from '../../../shared/api/download.ts';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import {
  exportFeedback,
  type FeedbackFilters,
  SUPPORT_PAGE_SIZE,
  useFeedbackList,
} from '../api/support.api.ts';

/** The admins' list: filters (rating, days), the average rating, pages and the CSV export. */
export function FeedbackList() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<FeedbackFilters>({ rating: '', from: '', to: '' });
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const list = useFeedbackList(page, filters);
  const set = (key: keyof FeedbackFilters) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setFilters((f) => ({ ...f, [key]: e.target.value }));
    setPage(1);
  };

  const download = async () => {
    setExportError(null);
    setExporting(true);
    try {
      saveBlob(await exportFeedback(filters), `feedback-${dateStamp()}.csv`);
    } catch (e) {
      setExportError(errorMessage(e));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <TextField
          select
          label="Rating"
          size="small"
          value={filters.rating}
          onChange={set('rating')}
          sx={{ minWidth: 120 }}
        >
          <MenuItem value="">Any</MenuItem>
          {[5, 4, 3, 2, 1].map((r) => (
            <MenuItem key={r} value={String(r)}>
              {r}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="From"
          type="date"
          size="small"
          value={filters.from}
          onChange={set('from')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          value={filters.to}
          onChange={set('to')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button variant="outlined" onClick={download} disabled={exporting}>
          Export CSV
        </Button>
      </Stack>
      {exportError && <Alert severity="error">{exportError}</Alert>}
      {list.isPending ? (
        <LinearProgress aria-label="Loading feedback" />
      ) : list.isError ? (
        <LoadError
          error={list.error}
          fallback="The feedback could not be loaded."
          onRetry={() => list.refetch()}
        />
      ) : (
        <>
          <Typography aria-live="polite">
            {list.data.average === null
              ? 'No feedback.'
              : `Average rating ${list.data.average.toFixed(2)} of 5 over ${list.data.count} ${
                  list.data.count === 1 ? 'answer' : 'answers'
                }.`}
          </Typography>
          {list.data.results.length > 0 && (
            <TableContainer
              // Scrolls sideways on a phone: focusable so the keyboard can scroll it too.
              tabIndex={0}
              role="region"
              aria-label="Feedback, scrollable"
            >
              <Table size="small" aria-label="Feedback">
                <TableHead>
                  <TableRow>
                    <TableCell>Date</TableCell>
                    <TableCell>User</TableCell>
                    <TableCell>Rating</TableCell>
                    <TableCell>Page</TableCell>
                    <TableCell>Comment</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.data.results.map((f) => (
                    <TableRow key={f.id}>
                      <TableCell>{new Date(f.created_at).toLocaleDateString()}</TableCell>
                      <TableCell>{f.user.fullname}</TableCell>
                      <TableCell>
                        <Rating
                          value={f.rating}
                          readOnly
                          size="small"
                          aria-label={`${f.rating} of 5`}
                        />
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{f.page ?? 'Product'}</TableCell>
                      <TableCell sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {f.comment}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          {list.data.count > SUPPORT_PAGE_SIZE && (
            <Pagination
              page={page}
              count={Math.ceil(list.data.count / SUPPORT_PAGE_SIZE)}
              onChange={(_e, value) => setPage(value)}
            />
          )}
        </>
      )}
    </Stack>
  );
}
