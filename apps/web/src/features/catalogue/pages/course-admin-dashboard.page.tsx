import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { AccessNotice } from '../../../shared/ui/access-notice.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { StatTiles } from '../../dashboard/index.ts';
import { useCourseDashboard } from '../api/catalogue.api.ts';
import { CourseTextsCard } from '../components/browse/course-texts-card.tsx';

const CourseStatusChart = lazy(() => import('../components/browse/course-status-chart.tsx'));
const chartSkeleton = <Skeleton variant="rounded" height={260} />;

/** '/courses/admin-all-course-detail': the organisation's courses in numbers (admins). */
export default function CourseAdminDashboardPage() {
  const { user } = useSession();
  const admin = isAdmin(user?.role.id ?? 4);
  const dashboard = useCourseDashboard(admin);
  if (!user) return null;
  if (!admin) {
    return (
      <AccessNotice title="Course overview">
        The course overview is for the administrators of your organisation.
      </AccessNotice>
    );
  }
  const d = dashboard.data;
  const show = (n: number | undefined) => (n === undefined ? undefined : n.toLocaleString());
  const links = [
    {
      to: '/courses/all-courses?type=pending',
      label: 'Awaiting approval',
      count: d?.courses.pending,
    },
    { to: '/courses/all-courses?type=draft', label: 'Drafts', count: d?.courses.draft },
    { to: '/courses/all-courses?type=published', label: 'Published', count: d?.courses.published },
    { to: '/courses/course-category-detail', label: 'Categories', count: d?.categories },
    { to: '/courses/all-courses?type=cpd', label: 'CPD courses', count: undefined },
  ];

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
        title="Course overview"
        subtitle="Courses, enrolments and completions in your organisation."
      />
      {dashboard.isError ? (
        <Alert severity="error">{errorMessage(dashboard.error)}</Alert>
      ) : (
        <Stack spacing={2.5}>
          <StatTiles
            stats={[
              {
                key: 'courses',
                label: 'Courses',
                icon: <SchoolOutlined />,
                value: show(d?.courses.total),
              },
              {
                key: 'categories',
                label: 'Categories',
                icon: <CategoryOutlined />,
                value: show(d?.categories),
              },
              {
                key: 'enrolments',
                label: 'Enrolments',
                icon: <GroupAddOutlined />,
                value: show(d?.enrolments),
              },
              {
                key: 'completions',
                label: 'Completions',
                icon: <DoneAllOutlined />,
                value: show(d?.completions),
              },
            ]}
          />
          <Grid container spacing={2.5}>
            <Grid size={{ xs: 12, md: 8 }}>
              <SectionCard title="Courses by status" busy={dashboard.isPending}>
                {!d ? (
                  chartSkeleton
                ) : d.courses.total === 0 ? (
                  <EmptyState icon={<SchoolOutlined />}>No courses yet.</EmptyState>
                ) : (
                  <Suspense fallback={chartSkeleton}>
                    <CourseStatusChart counts={d.courses} />
                  </Suspense>
                )}
              </SectionCard>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <SectionCard title="Go to">
                <List disablePadding>
                  {links.map((link) => (
                    <ListItemButton
                      key={link.to}
                      component={RouterLink}
                      to={link.to}
                      sx={{ borderRadius: 1 }}
                    >
                      <ListItemText primary={link.label} />
                      {link.count !== undefined && <strong>{link.count}</strong>}
                      <ChevronRightOutlined sx={{ color: 'text.secondary', ml: 1 }} aria-hidden />
                    </ListItemButton>
                  ))}
                </List>
              </SectionCard>
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>
              <CourseTextsCard />
            </Grid>
          </Grid>
        </Stack>
      )}
    </PageContainer>
  );
}
