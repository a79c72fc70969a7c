import type { TDiscussionSummary, TPage } from '@atrium/contract';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { EmptyState } from '../../../../shared/ui/section-card.tsx';
import { useListUpdates } from '../../api/discussions.api.ts';
import { DISCUSSION_MESSAGES, plural } from '../../labels.ts';
import { DiscussionRow } from './discussion-row.tsx';

/**
 * A page of topics with its loading, error and empty states and the page switcher. A realtime
 * hint about a topic on the page refetches it.
 */
export function DiscussionList({
  list,
  page,
  pageSize,
  onPage,
  empty,
  label = 'Discussions',
  showForum = true,
  noun = 'discussion',
}: {
  list: UseQueryResult<TPage<TDiscussionSummary>>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  label?: string;
  /** Whether rows link their forum (not in the forum's own list). */
  showForum?: boolean;
  /** What the count counts ("4 threads"). */
  noun?: string;
}) {
  useListUpdates(list.data?.results.map((t) => t.id) ?? []);
  if (list.isError && !list.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(list.error, DISCUSSION_MESSAGES.listFailed)}
      </Alert>
    );
  }
  if (!list.data) {
    return (
      <Stack spacing={1.5} role="status" aria-busy aria-label={`Loading ${label.toLowerCase()}`}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={120} />
        ))}
      </Stack>
    );
  }
  const { count, results } = list.data;
  if (results.length === 0) {
    return (
      <Card variant="outlined">
        <EmptyState icon={<ForumOutlined fontSize="large" aria-hidden />}>{empty}</EmptyState>
      </Card>
    );
  }
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const counted = plural(count, noun);
  return (
    <Stack spacing={1.5}>
      <LinearProgress
        aria-label={`Loading ${label.toLowerCase()}`}
        sx={{ visibility: list.isFetching ? 'visible' : 'hidden', mb: -1 }}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
        {list.data.count_capped ? `More than ${counted}` : counted}
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={label}>
        {results.map((t) => (
          <DiscussionRow key={t.id} topic={t} showForum={showForum} />
        ))}
      </Stack>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_event, next) => onPage(next)}
          color="primary"
          sx={{ alignSelf: 'center' }}
          siblingCount={0}
          getItemAriaLabel={(type, item, selected) =>
            type === 'page' ? `${selected ? '' : 'Go to '}page ${item}` : `Go to ${type} page`
          }
        />
      )}
    </Stack>
  );
}
