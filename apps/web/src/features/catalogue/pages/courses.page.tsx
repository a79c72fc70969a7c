import { catalogueOps, ROLE } from '@atrium/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { type CourseListOp, useCourseList } from '../api/catalogue.api.ts';
import { COURSE_TEXT_KEYS, useCourseTexts } from '../api/settings.api.ts';
import { CARD_PAGE_SIZE, catalogueApiQuery, isFiltered } from '../catalogue-query.ts';
import { CourseFilters } from '../components/browse/course-filters.tsx';
import { CourseGrid } from '../components/browse/course-grid.tsx';
import { useCatalogueState } from '../components/browse/use-catalogue-state.ts';

interface CourseTab {
  id: string;
  label: string;
  op: CourseListOp;
  empty: string;
}

const CATALOGUE: CourseTab = {
  id: 'catalogue',
  label: 'Catalogue',
  op: catalogueOps.catalogue,
  empty: 'No courses in the catalogue yet.',
};
const STAFF_TABS: CourseTab[] = [
  CATALOGUE,
  {
    id: 'mine',
    label: 'Created by me',
    op: catalogueOps.created,
    empty: 'You have not created a course yet.',
  },
  {
    id: 'superadmin',
    label: 'Created by superadmin',
    op: catalogueOps.bySuperadmin,
    empty: 'No courses created by a superadmin.',
  },
  { id: 'cpd', label: 'CPD', op: catalogueOps.cpd, empty: 'No CPD courses yet.' },
];
const LEARNER_TABS: CourseTab[] = [
  {
    id: 'my',
    label: 'My courses',
    op: catalogueOps.assigned,
    empty: 'You are not enrolled in a course yet.',
  },
  { ...CATALOGUE, empty: 'No courses are open to you yet.' },
];

/** '/courses': the course home, a searchable catalogue of cards with a tab per list. */
export default function CoursesHomePage() {
  const { user } = useSession();
  const { state, update, params, setParam } = useCatalogueState(CARD_PAGE_SIZE);
  const roleId = user?.role.id ?? ROLE.LEARNER;
  const staff = roleId <= ROLE.TRAINER;
  // The organisation's introduction (course overview → Course texts) replaces the default line.
  const intro = useCourseTexts().data?.[COURSE_TEXT_KEYS.catalogueIntro];
  const tabs = staff ? STAFF_TABS : LEARNER_TABS;
  const tab = tabs.find((t) => t.id === params.get('tab')) ?? tabs[0]!;
  const list = useCourseList(tab.op, catalogueApiQuery(state, staff), Boolean(user));
  if (!user) return null;

  return (
    <PageContainer>
      <PageHeader
        title="Courses"
        subtitle={
          intro || (staff ? 'Build, publish and track courses.' : 'Learn at your own pace.')
        }
        actions={
          staff && (
            <>
              {isAdmin(roleId) && (
                <Button
                  component={RouterLink}
                  to="/courses/admin-all-course-detail"
                  startIcon={<InsightsOutlined />}
                >
                  Overview
                </Button>
              )}
              <Button
                component={RouterLink}
                to="/courses/all-courses"
                startIcon={<TableRowsOutlined />}
              >
                All courses
              </Button>
              <Button
                component={RouterLink}
                to="/courses/course-category-detail"
                variant="outlined"
                startIcon={<CategoryOutlined />}
              >
                Categories
              </Button>
              <Button
                component={RouterLink}
                to="/courses/add-course"
                variant="contained"
                startIcon={<AddOutlined />}
              >
                Add course
              </Button>
            </>
          )
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        <Tabs
          value={tab.id}
          onChange={(_event, id: string) => setParam('tab', id === tabs[0]!.id ? null : id)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Course lists"
        >
          {tabs.map((t) => (
            <Tab key={t.id} value={t.id} label={t.label} />
          ))}
        </Tabs>
      </Box>
      <Card sx={{ p: 2, mb: 2.5 }}>
        <CourseFilters state={state} onChange={update} staff={staff} />
      </Card>
      <CourseGrid
        list={list}
        page={state.page}
        pageSize={state.pageSize}
        onPage={(page) => update({ page })}
        staff={staff}
        empty={isFiltered(state) ? 'No courses match these filters.' : tab.empty}
        emptyAction={
          tab.id === 'my' &&
          !isFiltered(state) && (
            <Button variant="outlined" onClick={() => setParam('tab', 'catalogue')}>
              Browse the catalogue
            </Button>
          )
        }
      />
    </PageContainer>
  );
}
