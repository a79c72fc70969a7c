import type { TCourse } from '@atrium/contract';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { EmptyState } from '../../../../shared/ui/section-card.tsx';
import { pageCount } from '../../../catalogue/index.ts';
import { ListLoading } from './list-loading.tsx';

/** The search box of a course grid; other filters sit beside it. */
export function CourseGridToolbar({
  search,
  onSearch,
  children,
}: {
  search: string;
  onSearch: (value: string) => void;
  children?: ReactNode;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
      <TextField
        size="small"
        type="search"
        label="Search by title"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        sx={{ flex: 1, maxWidth: { sm: 360 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {children}
    </Stack>
  );
}

/** A page of course cards with its loading, error and empty states and the page links. */
export function CourseGrid({
  query,
  page,
  pageSize,
  onPage,
  empty,
  emptyIcon,
  renderCard,
  label,
}: {
  query: {
    data?: { count: number; results: TCourse[] };
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: unknown;
  };
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  empty: string;
  emptyIcon: ReactNode;
  renderCard: (course: TCourse) => ReactNode;
  label: string;
}) {
  if (query.isError) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  if (query.isPending || !query.data) return <ListLoading label={`Loading ${label}`} />;
  const { count, results } = query.data;
  if (results.length === 0) return <EmptyState icon={emptyIcon}>{empty}</EmptyState>;
  const pages = pageCount(count, pageSize);
  return (
    <Box aria-busy={query.isFetching}>
      <LinearProgress
        aria-label={`Loading ${label}`}
        sx={{ visibility: query.isFetching ? 'visible' : 'hidden', mb: 1 }}
      />
      <Box
        component="ul"
        aria-label={label}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {results.map((course) => (
          <li key={course.id}>{renderCard(course)}</li>
        ))}
      </Box>
      {pages > 1 && (
        <Stack sx={{ alignItems: 'center', mt: 3 }}>
          <Pagination
            count={pages}
            page={page}
            onChange={(_event, next) => onPage(next)}
            color="primary"
            getItemAriaLabel={(type, n) =>
              type === 'page' ? `Page ${n}` : type === 'next' ? 'Next page' : 'Previous page'
            }
          />
        </Stack>
      )}
    </Box>
  );
}
