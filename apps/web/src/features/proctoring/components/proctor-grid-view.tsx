import type { TProctorGridRow } from '@atrium/contract';
import FilterListOffOutlined from '@mui/icons-material/FilterListOffOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { GRID_REFRESH_MS, useProctorGrid, useProctoringUpdates } from '../api/proctoring.api.ts';
import { plural } from '../labels.tsx';
import { GridFilterBar, GroupChips, useGridFilters } from './grid-filters.tsx';
import { LearnerTile } from './learner-tile.tsx';
import { RelativeTime } from './relative-time.tsx';

export const GRID_PAGE_SIZE = 24;
const SKELETONS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

const gridSx = {
  display: 'grid',
  gap: 2,
  // One column on a 360 px phone, as many as fit on wider screens.
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
  m: 0,
  p: 0,
} as const;

/** The grid's query from the address's filters; the pages read its groups for their titles. */
export function useProctorGridState(assessment: number, group?: number) {
  const { filters, change } = useGridFilters();
  const grid = useProctorGrid(assessment, {
    ...(group === undefined ? {} : { group }),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.flagged ? { flagged: 'true' as const } : {}),
    page: filters.page,
    page_size: GRID_PAGE_SIZE,
  });
  useProctoringUpdates(assessment);
  return { filters, change, grid, assessment, group };
}
export type ProctorGridState = ReturnType<typeof useProctorGridState>;

/**
 * The cards of an assessment's proctored learners (all, or one group), with the group chips,
 * filters and pages. Live: the query polls and listens for 'proctoring.updated'.
 */
export function ProctorGridView({
  state,
  cardTo,
}: {
  state: ProctorGridState;
  /** Where a learner's card goes: their card over the group's grid. */
  cardTo: (row: TProctorGridRow) => string;
}) {
  const { filters, change, grid, assessment, group } = state;
  const filtered = Boolean(filters.status || filters.flagged);
  const data = grid.data;
  const pages = data ? Math.ceil(data.count / GRID_PAGE_SIZE) : 0;

  return (
    <Stack spacing={2}>
      <Card variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          {data ? (
            <GroupChips
              assessment={assessment}
              groups={data.groups}
              current={group}
              filters={filters}
            />
          ) : (
            <Skeleton variant="rounded" height={32} width="60%" />
          )}
          <GridFilterBar filters={filters} onChange={change} />
        </Stack>
      </Card>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ justifyContent: 'space-between', flexWrap: 'wrap', color: 'text.secondary' }}
      >
        <Typography variant="body2" role="status">
          {data ? plural(data.count, 'learner') : 'Loading learners…'}
        </Typography>
        {grid.dataUpdatedAt > 0 && (
          <Typography variant="body2">
            Updated <RelativeTime iso={new Date(grid.dataUpdatedAt).toISOString()} />, refreshes
            every {GRID_REFRESH_MS / 1000} s
          </Typography>
        )}
      </Stack>
      {grid.isError && (
        <Alert
          severity={missing(grid.error) ? 'info' : 'error'}
          action={
            missing(grid.error) ? undefined : (
              <Button color="inherit" size="small" onClick={() => void grid.refetch()}>
                Retry
              </Button>
            )
          }
        >
          {missing(grid.error)
            ? 'This assessment does not exist, or you are not one of its proctors.'
            : errorMessage(grid.error)}
        </Alert>
      )}
      {!data && grid.isPending && (
        <Box component="ul" sx={gridSx} aria-busy="true" aria-label="Loading learners">
          {SKELETONS.map((key) => (
            <Box component="li" key={key} sx={{ listStyle: 'none' }}>
              <Skeleton variant="rounded" height={260} />
            </Box>
          ))}
        </Box>
      )}
      {data && data.results.length === 0 && (
        <Card variant="outlined">
          {filtered || filters.page > 1 ? (
            <EmptyState icon={<FilterListOffOutlined sx={{ fontSize: 40 }} aria-hidden />}>
              Nobody matches these filters.{' '}
              <Button size="small" onClick={() => change({ status: undefined, flagged: false })}>
                Clear filters
              </Button>
            </EmptyState>
          ) : (
            <EmptyState icon={<VideocamOutlined sx={{ fontSize: 40 }} aria-hidden />}>
              No one is taking this assessment under proctoring yet. Learners appear here as soon as
              they start a proctored attempt.
            </EmptyState>
          )}
        </Card>
      )}
      {data && data.results.length > 0 && (
        <Box component="ul" sx={gridSx} aria-label="Learners">
          {data.results.map((row) => (
            <LearnerTile key={row.session} row={row} to={cardTo(row)} />
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={Math.min(filters.page, pages)}
          onChange={(_event, page) => change({ page })}
          sx={{ alignSelf: 'center' }}
          getItemAriaLabel={(type, page) =>
            type === 'page' ? `Page ${page}` : type === 'next' ? 'Next page' : 'Previous page'
          }
        />
      )}
    </Stack>
  );
}

export const missing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 403);
