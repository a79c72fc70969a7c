import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CenteredPage } from '../../../../shared/ui/centered-page.tsx';

function StateNotice({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <CenteredPage>
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        {icon}
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {title}
        </Typography>
        <Typography component="div" sx={{ color: 'text.secondary', maxWidth: 480 }}>
          {children}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {actions}
        </Stack>
      </Stack>
    </CenteredPage>
  );
}

/** Signed in and allowed to see the course, but not (or no longer) enrolled in it. */
export function NotEnrolled({ courseId, title }: { courseId: number; title: string }) {
  return (
    <StateNotice
      icon={<HowToRegOutlined color="action" sx={{ fontSize: 56 }} aria-hidden />}
      title="You are not enrolled in this course"
      actions={
        <>
          <Button
            component={RouterLink}
            to={`/courses/course-detail/${courseId}`}
            variant="contained"
          >
            Go to the course page
          </Button>
          <Button component={RouterLink} to="/courses">
            Browse courses
          </Button>
        </>
      }
    >
      <strong>{title}</strong> opens here once you are enrolled in it. You can ask to enrol, or see
      where your request stands, on the course page.
    </StateNotice>
  );
}

/** The course does not exist or the user may not see it (the server answers 404 to both). */
export function CourseNotFound() {
  return (
    <StateNotice
      icon={<SearchOffOutlined color="action" sx={{ fontSize: 56 }} aria-hidden />}
      title="Course not found"
      actions={
        <Button component={RouterLink} to="/courses" variant="contained">
          Browse courses
        </Button>
      }
    >
      This course does not exist, or it is not available to you.
    </StateNotice>
  );
}

/** Anything else that stopped the player from loading: the message and a way to try again. */
export function PlayerLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <StateNotice
      icon={<ErrorOutline color="error" sx={{ fontSize: 56 }} aria-hidden />}
      title="The course could not be opened"
      actions={
        <Button variant="contained" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {message}
    </StateNotice>
  );
}
