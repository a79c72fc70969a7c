import { catalogueOps, ROLE } from '@atrium/contract';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer } from '../../../shared/ui/page-header.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { useCategory, useCourseList } from '../api/catalogue.api.ts';
import { CARD_PAGE_SIZE, catalogueApiQuery, isFiltered } from '../catalogue-query.ts';
import { CategoryNotFound } from '../components/browse/category-not-found.tsx';
import { CourseFilters } from '../components/browse/course-filters.tsx';
import { CourseGrid } from '../components/browse/course-grid.tsx';
import { CourseImage } from '../components/browse/course-image.tsx';
import { useCatalogueState } from '../components/browse/use-catalogue-state.ts';

/** '/courses/category_course_list/:id': a category and the courses in it. */
export default function CategoryCoursesPage() {
  const { user } = useSession();
  const id = Number(useParams().id);
  const category = useCategory(id);
  const { state, update } = useCatalogueState(CARD_PAGE_SIZE);
  const staff = (user?.role.id ?? ROLE.LEARNER) <= ROLE.TRAINER;
  const valid = Number.isInteger(id) && id > 0;
  const list = useCourseList(
    catalogueOps.catalogue,
    { ...catalogueApiQuery(state, staff), category: id },
    valid && Boolean(user),
  );
  if (!user) return null;
  if (!valid) return <CategoryNotFound />;
  if (category.isPending) return <PageLoader label="Loading category" />;
  if (category.isError) {
    if (category.error instanceof ApiError && category.error.status === 404) {
      return <CategoryNotFound />;
    }
    return (
      <PageContainer>
        <Alert severity="error">{errorMessage(category.error)}</Alert>
      </PageContainer>
    );
  }
  const c = category.data;

  return (
    <PageContainer>
      <Button
        component={RouterLink}
        to="/courses/course-category-detail"
        startIcon={<ArrowBackOutlined />}
        size="small"
        sx={{ mb: 1 }}
      >
        Categories
      </Button>
      <Card sx={{ mb: 2.5 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }}>
          <Box sx={{ width: { xs: '100%', sm: 260 }, flexShrink: 0 }}>
            <CourseImage src={c.image} title={c.name} height={160} />
          </Box>
          <Stack spacing={1} sx={{ p: { xs: 2.5, sm: 3 }, flex: 1, minWidth: 0 }}>
            <Typography
              variant="h1"
              sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
            >
              {c.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'primary.main', fontWeight: 600 }}>
              {c.course_count} course{c.course_count === 1 ? '' : 's'}
            </Typography>
            {c.description && (
              <Typography sx={{ color: 'text.secondary', whiteSpace: 'pre-line' }}>
                {c.description}
              </Typography>
            )}
            {isAdmin(user.role.id) && (
              <Box>
                <Button
                  component={RouterLink}
                  to={`/courses/edit-course-cate/${c.id}`}
                  startIcon={<EditOutlined />}
                  variant="outlined"
                  size="small"
                >
                  Edit category
                </Button>
              </Box>
            )}
          </Stack>
        </Stack>
      </Card>
      <Card sx={{ p: 2, mb: 2.5 }}>
        <CourseFilters state={state} onChange={update} staff={staff} hideCategory />
      </Card>
      <CourseGrid
        list={list}
        page={state.page}
        pageSize={state.pageSize}
        onPage={(page) => update({ page })}
        staff={staff}
        empty={
          isFiltered(state)
            ? 'No courses in this category match these filters.'
            : 'No courses in this category yet.'
        }
      />
    </PageContainer>
  );
}
