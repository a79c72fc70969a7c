import { ROLE } from '@atrium/contract';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { CenteredPage } from '../../../shared/ui/centered-page.tsx';
import { PageContainer } from '../../../shared/ui/page-header.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { useCourseDetail } from '../../catalogue/index.ts';
import { LearnerCourseActions, StaffCourseActions } from '../components/detail/course-actions.tsx';
import { CourseFaqs } from '../components/detail/course-faqs.tsx';
import { CourseDescription, CourseHero } from '../components/detail/course-hero.tsx';
import { CourseModules } from '../components/detail/course-modules.tsx';
import { CourseReviews } from '../components/detail/course-reviews.tsx';

function CourseNotFound() {
  return (
    <CenteredPage>
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <SearchOffOutlined color="action" sx={{ fontSize: 56 }} aria-hidden />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          Course not found
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 460 }}>
          This course does not exist, was removed, or is not open to you.
        </Typography>
        <Button component={RouterLink} to="/courses" variant="contained">
          Browse courses
        </Button>
      </Stack>
    </CenteredPage>
  );
}

/** '/courses/course-detail/:id' and '/course/:id': what a course is and how to take it. */
export default function CourseDetailPage() {
  const { user } = useSession();
  const id = Number(useParams().id);
  const detail = useCourseDetail(id);
  if (!user) return null;
  if (!Number.isInteger(id) || id <= 0) return <CourseNotFound />;
  if (detail.isPending) return <PageLoader label="Loading course" />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) return <CourseNotFound />;
    return (
      <PageContainer>
        <Alert severity="error">{errorMessage(detail.error)}</Alert>
      </PageContainer>
    );
  }
  const { course, modules } = detail.data;
  const learner = user.role.id === ROLE.LEARNER;
  const staff = user.role.id <= ROLE.TRAINER;

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
      <CourseHero
        detail={detail.data}
        staff={staff}
        actions={
          learner ? (
            <LearnerCourseActions course={course} />
          ) : (
            <StaffCourseActions course={course} />
          )
        }
      />
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={2.5}>
            <SectionCard title="About this course">
              <CourseDescription html={course.description} />
            </SectionCard>
            <SectionCard
              title="Course content"
              subtitle={`${modules.length} module${modules.length === 1 ? '' : 's'}`}
            >
              <CourseModules modules={modules} />
            </SectionCard>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={2.5}>
            <SectionCard title="Frequently asked questions">
              <CourseFaqs courseId={course.id} />
            </SectionCard>
            <SectionCard title="Reviews">
              <CourseReviews courseId={course.id} />
            </SectionCard>
          </Stack>
        </Grid>
      </Grid>
    </PageContainer>
  );
}
