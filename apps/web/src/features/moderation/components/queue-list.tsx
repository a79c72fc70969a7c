import GppGoodOutlined from '@mui/icons-material/GppGoodOutlined';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { QUEUE_PAGE_SIZE, useQueue } from '../api/moderation.api.ts';
import { QueueItemCard } from './queue-item-card.tsx';

/** The open or resolved items, newest first, a page at a time. */
export function QueueList({
  status,
  page,
  onPage,
}: {
  status: 'open' | 'resolved';
  page: number;
  onPage: (page: number) => void;
}) {
  const queue = useQueue({ status, page });
  if (queue.isPending) {
    return (
      <Stack sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading the queue" />
      </Stack>
    );
  }
  if (queue.isError) return <Alert severity="error">{errorMessage(queue.error)}</Alert>;
  const { results, count } = queue.data;
  if (results.length === 0) {
    return (
      <EmptyState icon={<GppGoodOutlined fontSize="large" />}>
        {status === 'open'
          ? 'Nothing to review. Reported and held posts appear here.'
          : 'No decisions yet.'}
      </EmptyState>
    );
  }
  const pages = Math.max(1, Math.ceil(count / QUEUE_PAGE_SIZE));
  return (
    <Stack spacing={2}>
      {results.map((item) => (
        <QueueItemCard key={item.id} item={item} />
      ))}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_, next) => onPage(next)}
          sx={{ alignSelf: 'center' }}
          getItemAriaLabel={(type, p) => (type === 'page' ? `Page ${p}` : `Go to ${type} page`)}
        />
      )}
    </Stack>
  );
}
