import { catalogueOps } from '@atrium/contract';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';

const SHOWN = 5;

/**
 * The learner dashboard's courses in progress (beside their learning paths): the latest ones
 * they are enrolled in and have not completed, each with its progress, one click from the course.
 */
export function MyCoursesCard() {
  // The dashboard reads the contract's list itself: importing the learning feature would close
  // a cycle (learning → catalogue → its admin dashboard page → this feature).
  const query = {
    enrolment_status: 'enrolled',
    ordering: '-created_at',
    page: 1,
    page_size: SHOWN,
  } as const;
  const list = useQuery({
    queryKey: ['courses', 'list', catalogueOps.assigned.path, query],
    queryFn: ({ signal }) => call(catalogueOps.assigned, { query, signal }),
  });
  const courses = list.data?.results;
  return (
    <SectionCard
      title="Courses in progress"
      subtitle="Pick up where you left off."
      busy={list.isPending}
      action={
        <Button component={RouterLink} to="/asssigned_course" size="small">
          My courses
        </Button>
      }
    >
      {list.isPending ? (
        [0, 1, 2].map((row) => <Skeleton key={row} height={40} />)
      ) : list.isError ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {errorMessage(list.error, 'Could not get courses.')}
        </Typography>
      ) : !courses || courses.length === 0 ? (
        <EmptyState icon={<MenuBookOutlined />}>
          No course in progress.{' '}
          <Link component={RouterLink} to="/unasssigned_course">
            Find courses
          </Link>
        </EmptyState>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {courses.map((course) => {
            const percent = course.enrolment?.progress_percent ?? 0;
            return (
              <Box component="li" key={course.id}>
                <Link
                  component={RouterLink}
                  to={`/course/${course.id}`}
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                >
                  {course.title}
                </Link>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <LinearProgress
                    variant="determinate"
                    value={percent}
                    aria-label={`Progress in ${course.title}`}
                    sx={{ flex: 1, height: 6, borderRadius: 3 }}
                  />
                  <Typography variant="caption" sx={{ color: 'text.secondary', minWidth: 36 }}>
                    {percent} %
                  </Typography>
                </Stack>
              </Box>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}
