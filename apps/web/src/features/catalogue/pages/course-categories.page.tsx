import type { TCategory } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.ts';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { useCategoryPage, useDeleteCategory } from '../api/catalogue.api.ts';
import { pageCount } from '../catalogue-query.ts';
import { CategoryCard } from '../components/browse/category-card.tsx';
import { CategoryDialog } from '../components/browse/category-dialog.tsx';
import { COURSE_MESSAGES } from '../course-messages.ts';

const PAGE_SIZE = 12;
const CELL = { xs: 12, sm: 6, md: 4, lg: 3 } as const;

/** '/courses/course-category-detail': the organisation's course categories. */
export default function CourseCategoriesPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(search);
  const settled = useDebouncedValue(typed);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TCategory | null>(null);
  const remove = useDeleteCategory();
  const list = useCategoryPage({ search: search || undefined, page, page_size: PAGE_SIZE });

  // The URL holds the search (reload and back keep it); typing reaches it once it settles.
  useEffect(() => {
    if (settled.trim() === search) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (settled.trim()) next.set('search', settled.trim());
        else next.delete('search');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [settled, search, setParams]);

  if (!user) return null;
  const manage = isAdmin(user.role.id);
  const setPage = (next: number) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      if (next > 1) out.set('page', String(next));
      else out.delete('page');
      return out;
    });
  const closeDelete = () => {
    remove.reset();
    setDeleting(null);
  };
  const results = list.data?.results;

  return (
    <PageContainer>
      <Button
        component={RouterLink}
        to="/courses"
        startIcon={<ArrowBackOutlined />}
        size="small"
        sx={{ mb: 1 }}
      >
        Courses
      </Button>
      <PageHeader
        title="Course categories"
        subtitle="Group courses so learners find them."
        actions={
          manage && (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setAdding(true)}>
              Add category
            </Button>
          )
        }
      />
      <Card sx={{ p: 2, mb: 2.5 }}>
        <TextField
          size="small"
          type="search"
          label="Search categories"
          fullWidth
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { maxLength: 100 },
          }}
        />
      </Card>
      <LinearProgress
        aria-label="Loading categories"
        sx={{ visibility: list.isFetching && list.data ? 'visible' : 'hidden', mb: 1 }}
      />
      {list.isError && !list.data ? (
        <Alert severity="error">{errorMessage(list.error)}</Alert>
      ) : results === undefined ? (
        <Grid container spacing={2.5} aria-busy>
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Grid key={i} size={CELL}>
              <Skeleton variant="rounded" height={230} />
            </Grid>
          ))}
        </Grid>
      ) : results.length === 0 ? (
        <Card>
          <EmptyState icon={<CategoryOutlined fontSize="large" />}>
            {search
              ? 'No categories match this search.'
              : manage
                ? 'No categories yet. Add one to group your courses.'
                : 'No categories yet.'}
          </EmptyState>
        </Card>
      ) : (
        <Stack spacing={2.5}>
          <Grid container spacing={2.5}>
            {results.map((category) => (
              <Grid key={category.id} size={CELL}>
                <CategoryCard category={category} manage={manage} onDelete={setDeleting} />
              </Grid>
            ))}
          </Grid>
          {(list.data?.count ?? 0) > PAGE_SIZE && (
            <Pagination
              count={pageCount(list.data?.count ?? 0, PAGE_SIZE)}
              page={page}
              onChange={(_event, next) => setPage(next)}
              color="primary"
              sx={{ alignSelf: 'center' }}
            />
          )}
        </Stack>
      )}
      {manage && <CategoryDialog open={adding} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this category?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={closeDelete}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: closeDelete })}
      >
        <Stack spacing={1.5}>
          <span>
            {deleting?.name} will be deleted. Categories still used by courses cannot be deleted.
          </span>
          {remove.isError && (
            <Alert severity="error">
              {errorMessage(remove.error, COURSE_MESSAGES.deleteFailed)}
            </Alert>
          )}
        </Stack>
      </ConfirmDialog>
    </PageContainer>
  );
}
