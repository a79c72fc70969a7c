import type { TCourse, TPage } from '@atrium/contract';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
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
import { pageCount } from '../../catalogue-query.ts';
import { CourseCard } from './course-card.tsx';

const CELL = { xs: 12, sm: 6, md: 4, xl: 3 } as const;

/** A page of course cards with its loading, error and empty states and the page switcher. */
export function CourseGrid({
  list,
  page,
  pageSize,
  onPage,
  staff,
  empty,
  emptyAction,
}: {
  list: UseQueryResult<TPage<TCourse>>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  staff: boolean;
  /** What to say when the page has no courses. */
  empty: string;
  /** A way out of the empty state (such as "Browse the catalogue"). */
  emptyAction?: ReactNode;
}) {
  if (list.isError && !list.data) {
    return <Alert severity="error">{errorMessage(list.error)}</Alert>;
  }
  if (!list.data) {
    return (
      <Grid container spacing={2.5} aria-busy role="status" aria-label="Loading courses">
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
        <EmptyState icon={<SchoolOutlined fontSize="large" />}>{empty}</EmptyState>
        {emptyAction && <Box sx={{ textAlign: 'center', pb: 3, mt: -1 }}>{emptyAction}</Box>}
      </Card>
    );
  }
  const pages = pageCount(count, pageSize);
  return (
    <Stack spacing={2.5}>
      <LinearProgress
        aria-label="Loading courses"
        sx={{ visibility: list.isFetching ? 'visible' : 'hidden', mb: -2 }}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
        {count} course{count === 1 ? '' : 's'}
      </Typography>
      <Grid container spacing={2.5}>
        {results.map((course) => (
          <Grid key={course.id} size={CELL}>
            <CourseCard course={course} staff={staff} />
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
