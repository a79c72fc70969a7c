import type { TCourse, TEnrolmentStatus } from '@atrium/contract';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import ViewModuleOutlined from '@mui/icons-material/ViewModuleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CourseImage, formatMinutes, LEVEL_LABELS } from '../../../catalogue/index.ts';
import { useRequestEnrolment } from '../../api/enrolment.api.ts';
import { formatDate, joinState } from './enrolment-logic.ts';
import { EnrolmentStatusChip } from './enrolment-status-chip.tsx';

function CardShell({
  course,
  href,
  children,
  actions,
}: {
  course: TCourse;
  href: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  const duration = formatMinutes(course.duration);
  return (
    <Card
      component="article"
      aria-label={course.title}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CourseImage src={course.image} title={course.title} height={120} />
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.4 }} noWrap>
          {course.category?.name ?? 'Uncategorised'} · {LEVEL_LABELS[course.level]}
          {duration ? ` · ${duration}` : ''}
        </Typography>
        <Link
          component={RouterLink}
          to={href}
          underline="hover"
          color="inherit"
          variant="h3"
          sx={{ fontSize: '1.05rem', fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {course.title}
        </Link>
        {children}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1, flexWrap: 'wrap' }}>{actions}</CardActions>
    </Card>
  );
}

/** One of the caller's courses: progress, status and when it was completed; opens the player. */
export function AssignedCourseCard({ course }: { course: TCourse }) {
  const enrolment = course.enrolment;
  const status = (enrolment?.status ?? 'enrolled') as TEnrolmentStatus;
  const done = status === 'completed';
  const percent = enrolment?.progress_percent ?? 0;
  const href = `/course-module/${course.id}`;
  return (
    <CardShell
      course={course}
      href={href}
      actions={
        <Button
          component={RouterLink}
          to={href}
          variant={done ? 'outlined' : 'contained'}
          startIcon={<PlayArrowRounded />}
          aria-label={`${done ? 'Review' : percent > 0 ? 'Continue' : 'Start'} ${course.title}`}
        >
          {done ? 'Review' : percent > 0 ? 'Continue' : 'Start'}
        </Button>
      }
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 'auto' }}>
        <EnrolmentStatusChip status={status} />
        {done && enrolment?.completed_at && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {formatDate(enrolment.completed_at)}
          </Typography>
        )}
      </Stack>
      <Box>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Progress
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {percent}%
          </Typography>
        </Stack>
        <LinearProgress
          variant="determinate"
          value={percent}
          color={done ? 'success' : 'primary'}
          aria-label={`Progress in ${course.title}`}
        />
      </Box>
    </CardShell>
  );
}

const JOIN_TEXT = {
  pending: 'Your request is waiting for a decision.',
  rejected: 'Your request was not approved. Ask your trainer or administrator.',
  assigned_only: 'Assigned by your organisation only.',
  can_request: '',
} as const;

/** A course the caller could join: request enrolment, or see where their request stands. */
export function JoinCourseCard({ course }: { course: TCourse }) {
  const state = joinState(course);
  const request = useRequestEnrolment(course.id);
  return (
    <CardShell
      course={course}
      href={`/courses/course-detail/${course.id}`}
      actions={
        state === 'can_request' ? (
          <Button
            variant="contained"
            startIcon={<HowToRegOutlined />}
            loading={request.isPending}
            onClick={() => request.mutate()}
            aria-label={`Request enrolment in ${course.title}`}
          >
            Request enrolment
          </Button>
        ) : state === 'pending' ? (
          <EnrolmentStatusChip status="requested" label="Request pending" />
        ) : state === 'rejected' ? (
          <EnrolmentStatusChip status="rejected" label="Request rejected" />
        ) : null
      }
    >
      {course.module_count > 0 && (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <ViewModuleOutlined fontSize="small" />
          <Typography variant="body2">
            {course.module_count} module{course.module_count === 1 ? '' : 's'}
          </Typography>
        </Stack>
      )}
      {JOIN_TEXT[state] && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 'auto' }}>
          {JOIN_TEXT[state]}
        </Typography>
      )}
    </CardShell>
  );
}
