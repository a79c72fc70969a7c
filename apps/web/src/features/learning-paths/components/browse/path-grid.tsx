import type { TLearningPath, TPage } from '@atrium/contract';
import RouteOutlined from '@mui/icons-material/RouteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { EmptyState } from '../../../../shared/ui/section-card.tsx';
import { PATH_MESSAGES, plural } from '../../path-labels.ts';
import { PathCard } from './path-card.tsx';

const CELL = { xs: 12, sm: 6, md: 4, xl: 3 } as const;

/** A page of path cards with its loading, error and empty states and the page switcher. */
export function PathGrid({
  list,
  page,
  pageSize,
  onPage,
  empty,
  emptyAction,
}: {
  list: UseQueryResult<TPage<TLearningPath>>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  empty: string;
  emptyAction?: ReactNode;
}) {
  if (list.isError && !list.data) {
    return <Alert severity="error">{errorMessage(list.error, PATH_MESSAGES.listFailed)}</Alert>;
  }
  if (!list.data) {
    return (
      <Grid container spacing={2.5} aria-busy role="status" aria-label="Loading learning paths">
        {Array.from({ length: Math.min(pageSize, 8) }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Grid key={i} size={CELL}>
            <Card>
              <Skeleton variant="rectangular" height={140} />
              <Box sx={{ p: 2 }}>
                <Skeleton width="40%" />
                <Skeleton width="90%" height={28} />
                <Skeleton width="60%" />
              </Box>
            </Card>
          </Grid>
        ))}
      </Grid>
    );
  }
  const { count, results } = list.data;
  if (results.length === 0) {
    return (
      <Card>
        <EmptyState icon={<RouteOutlined fontSize="large" />}>{empty}</EmptyState>
        {emptyAction && <Box sx={{ textAlign: 'center', pb: 3, mt: -1 }}>{emptyAction}</Box>}
      </Card>
    );
  }
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <Stack spacing={2.5}>
      <LinearProgress
        aria-label="Loading learning paths"
        sx={{ visibility: list.isFetching ? 'visible' : 'hidden', mb: -2 }}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
        {list.data.count_capped ? `More than ${plural(count, 'path')}` : plural(count, 'path')}
      </Typography>
      <Grid container spacing={2.5}>
        {results.map((path) => (
          <Grid key={path.id} size={CELL}>
            <PathCard path={path} />
          </Grid>
        ))}
      </Grid>
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
