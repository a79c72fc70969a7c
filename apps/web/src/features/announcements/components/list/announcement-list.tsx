import type { TAnnouncement, TPage } from '@atrium/contract';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { EmptyState } from '../../../../shared/ui/section-card.tsx';
import { ANNOUNCEMENT_MESSAGES, plural } from '../../labels.ts';
import { AnnouncementCard } from './announcement-card.tsx';

/** A page of announcements with its loading, error and empty states and the page switcher. */
export function AnnouncementList({
  list,
  page,
  pageSize,
  onPage,
  manage,
  empty,
}: {
  list: UseQueryResult<TPage<TAnnouncement>>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  manage: boolean;
  empty: string;
}) {
  if (list.isError && !list.data) {
    return (
      <Alert severity="error">{errorMessage(list.error, ANNOUNCEMENT_MESSAGES.listFailed)}</Alert>
    );
  }
  if (!list.data) {
    return (
      <Stack spacing={1.5} role="status" aria-busy aria-label="Loading announcements">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={104} />
        ))}
      </Stack>
    );
  }
  const { count, results } = list.data;
  if (results.length === 0) {
    return (
      <Card variant="outlined">
        <EmptyState icon={<CampaignOutlined fontSize="large" />}>{empty}</EmptyState>
      </Card>
    );
  }
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const counted = plural(count, 'announcement');
  return (
    <Stack spacing={1.5}>
      <LinearProgress
        aria-label="Loading announcements"
        sx={{ visibility: list.isFetching ? 'visible' : 'hidden', mb: -1 }}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
        {list.data.count_capped ? `More than ${counted}` : counted}
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label="Announcements">
        {results.map((a) => (
          <AnnouncementCard key={a.id} announcement={a} manage={manage} />
        ))}
      </Stack>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_event, next) => onPage(next)}
          color="primary"
          sx={{ alignSelf: 'center' }}
          getItemAriaLabel={(type, item, selected) =>
            type === 'page' ? `${selected ? '' : 'Go to '}page ${item}` : `Go to ${type} page`
          }
        />
      )}
    </Stack>
  );
}
