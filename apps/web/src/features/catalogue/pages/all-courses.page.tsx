import { catalogueOps, FILTER_TYPES, ROLE } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import TablePagination from '@mui/material/TablePagination';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { AccessNotice } from '../../../shared/ui/access-notice.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { useCourseList } from '../api/catalogue.api.ts';
import {
  catalogueApiQuery,
  FILTER_TYPE_LABELS,
  type FilterType,
  isFiltered,
  TABLE_PAGE_SIZES,
} from '../catalogue-query.ts';
import { CourseFilters } from '../components/browse/course-filters.tsx';
import { CoursesTable } from '../components/browse/courses-table.tsx';
import { useCatalogueState } from '../components/browse/use-catalogue-state.ts';

const DEFAULT_SIZE = 25;

/** '/courses/all-courses': every course the caller may see, as a table, by type. */
export default function AllCoursesPage() {
  const { user } = useSession();
  const { state, update, params, setParam } = useCatalogueState(DEFAULT_SIZE);
  const type: FilterType = FILTER_TYPES.find((t) => t === params.get('type')) ?? 'all';
  const staff = (user?.role.id ?? ROLE.LEARNER) <= ROLE.TRAINER;
  const list = useCourseList(
    catalogueOps.byType,
    { ...catalogueApiQuery(state, true), type },
    staff,
  );
  if (!user) return null;
  if (!staff) {
    return (
      <AccessNotice title="All courses">
        The course table is for trainers and administrators. Browse the catalogue instead.
      </AccessNotice>
    );
  }
  const rows = list.data?.results;

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
        title="All courses"
        subtitle="Every course you can see, with its status and authors."
        actions={
          <Button
            component={RouterLink}
            to="/courses/add-course"
            variant="contained"
            startIcon={<AddOutlined />}
          >
            Add course
          </Button>
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        <Tabs
          value={type}
          onChange={(_event, next: FilterType) => setParam('type', next === 'all' ? null : next)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Course types"
        >
          {FILTER_TYPES.map((t) => (
            <Tab key={t} value={t} label={FILTER_TYPE_LABELS[t]} />
          ))}
        </Tabs>
      </Box>
      <Card>
        <Box sx={{ p: 2 }}>
          <CourseFilters state={state} onChange={update} staff />
        </Box>
        <LinearProgress
          aria-label="Loading courses"
          sx={{ visibility: list.isFetching ? 'visible' : 'hidden' }}
        />
        {list.isError && !list.data ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessage(list.error)}
          </Alert>
        ) : rows?.length === 0 ? (
          <EmptyState icon={<SchoolOutlined fontSize="large" />}>
            {isFiltered(state) ? 'No courses match these filters.' : 'No courses of this type.'}
          </EmptyState>
        ) : (
          <CoursesTable rows={rows} pageSize={state.pageSize} />
        )}
        <TablePagination
          component="div"
          count={list.data?.count ?? 0}
          page={list.data ? state.page - 1 : 0}
          onPageChange={(_event, page) => update({ page: page + 1 })}
          rowsPerPage={state.pageSize}
          rowsPerPageOptions={[...TABLE_PAGE_SIZES]}
          onRowsPerPageChange={(event) => update({ pageSize: Number(event.target.value) })}
          labelRowsPerPage="Per page"
        />
      </Card>
    </PageContainer>
  );
}
