import type { TCourse } from '@atrium/contract';
import EditOutlined from '@mui/icons-material/EditOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { useLearnerEnrolment, useRequestEnrolment } from '../../api/enrolment.api.ts';

/** Edit for those who may change the course; FAQs, Reviews and Learners for its managers. */
export function StaffCourseActions({ course }: { course: TCourse }) {
  const { edit, manage } = course.abilities;
  const links = [
    edit && { to: `/courses/edit-course/${course.id}`, label: 'Edit', icon: <EditOutlined /> },
    ...(manage
      ? [
          { to: `/courses/course-faq/${course.id}`, label: 'FAQs', icon: <QuizOutlined /> },
          {
            to: `/courses/course-review/${course.id}`,
            label: 'Reviews',
            icon: <RateReviewOutlined />,
          },
          {
            to: `/all_assigned_courses_list/${course.id}`,
            label: 'Learners',
            icon: <GroupOutlined />,
          },
        ]
      : []),
  ].filter((link) => link !== false);
  if (links.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {links.map((link, index) => (
        <Button
          key={link.to}
          component={RouterLink}
          to={link.to}
          startIcon={link.icon}
          variant={index === 0 ? 'contained' : 'outlined'}
        >
          {link.label}
        </Button>
      ))}
    </Stack>
  );
}

/**
 * What a learner can do: open or continue the course when enrolled, otherwise ask to join
 * (self-enrol courses) and see the request pending until a manager decides.
 */
export function LearnerCourseActions({ course }: { course: TCourse }) {
  const enrolment = useLearnerEnrolment(course.id, true);
  const request = useRequestEnrolment(course.id);
  if (enrolment.isPending) return <Skeleton width={220} height={48} />;
  if (enrolment.isError) return <Alert severity="error">{errorMessage(enrolment.error)}</Alert>;
  const state = enrolment.data;

  if (state.state === 'enrolled' || state.state === 'completed') {
    const started = state.progress > 0 || state.state === 'completed';
    return (
      <Stack spacing={1.5} sx={{ maxWidth: 420 }}>
        <Box>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {state.state === 'completed' ? 'Completed' : 'Your progress'}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {state.progress}%
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={state.progress}
            color={state.state === 'completed' ? 'success' : 'primary'}
            aria-label="Your progress in this course"
          />
        </Box>
        <Button
          component={RouterLink}
          to={`/course-module/${course.id}`}
          variant="contained"
          size="large"
          startIcon={<PlayArrowOutlined />}
          sx={{ alignSelf: 'flex-start' }}
        >
          {started ? 'Continue' : 'Open course'}
        </Button>
      </Stack>
    );
  }
  if (state.state === 'requested') {
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Chip
          icon={<HourglassTopOutlined />}
          label="Request pending"
          color="warning"
          variant="outlined"
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          A course manager will review your request. You can withdraw it from{' '}
          <Link component={RouterLink} to="/requests">
            Requests
          </Link>
          .
        </Typography>
      </Stack>
    );
  }
  if (!course.abilities.request_enrolment) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Learners join this course when a manager assigns it to them.
      </Typography>
    );
  }
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {state.state === 'rejected' && (
        <Alert severity="info" sx={{ width: '100%' }}>
          Your earlier request was declined. You may ask again.
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        loading={request.isPending}
        onClick={() => request.mutate()}
      >
        Request enrolment
      </Button>
    </Stack>
  );
}
