import type { TPage, ZGradingQueueItem } from '@atrium/contract';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import { pageCountProps } from '../../../shared/ui/page-count.ts';

/* The queue as a paged list: learner, assessment, question and when it was submitted. */

export type QueueItem = z.infer<typeof ZGradingQueueItem>;

export const sameItem = (a: { attempt: number; item: number } | null, b: QueueItem) =>
  a !== null && a.attempt === b.attempt && a.item === b.item;

export function GradingList({
  data,
  loading,
  status,
  selected,
  onSelect,
  page,
  pageSize,
  onPage,
}: {
  data: TPage<QueueItem> | undefined;
  loading: boolean;
  status: 'pending' | 'graded';
  selected: { attempt: number; item: number } | null;
  onSelect: (item: QueueItem) => void;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const rows = data?.results ?? [];
  return (
    <Paper variant="outlined">
      {loading && rows.length === 0 ? (
        <Box sx={{ p: 2 }} aria-label="Loading the answers">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={56} />
          ))}
        </Box>
      ) : rows.length === 0 ? (
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <Typography sx={{ fontWeight: 600 }}>
            {status === 'pending' ? 'Nothing to grade' : 'Nothing graded yet'}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {status === 'pending'
              ? 'Essays and uploads appear here once learners submit them.'
              : 'Answers you grade appear here.'}
          </Typography>
        </Box>
      ) : (
        <List
          aria-label={status === 'pending' ? 'Answers to grade' : 'Graded answers'}
          disablePadding
        >
          {rows.map((row) => (
            <ListItemButton
              key={`${row.attempt}-${row.item}`}
              selected={sameItem(selected, row)}
              onClick={() => onSelect(row)}
              divider
            >
              <ListItemText
                primary={`${row.learner.fullname} — ${row.question.title}`}
                secondary={
                  <>
                    {row.assessment.title}
                    {row.submitted_at && ` · ${new Date(row.submitted_at).toLocaleString()}`}
                    {row.score !== null && ` · ${row.score} / ${row.max_score}`}
                  </>
                }
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
      <TablePagination
        component="div"
        {...pageCountProps(data)}
        page={page - 1}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[pageSize]}
        onPageChange={(_, p) => onPage(p + 1)}
      />
    </Paper>
  );
}
