import type { TCourse } from '@atrium/contract';
import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import ViewModuleOutlined from '@mui/icons-material/ViewModuleOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatMinutes, LEVEL_LABELS } from '../../catalogue-query.ts';
import { CourseImage } from './course-image.tsx';
import { CourseStatusChip } from './course-status-chip.tsx';

function Meta({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      {icon}
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

/** A course in a grid: the whole card opens its detail page. */
export function CourseCard({ course, staff }: { course: TCourse; staff: boolean }) {
  const duration = formatMinutes(course.duration);
  const enrolment = course.enrolment;
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={`/courses/course-detail/${course.id}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box sx={{ position: 'relative' }}>
          <CourseImage src={course.image} title={course.title} />
          {(staff || course.is_cpd) && (
            <Stack direction="row" spacing={0.5} sx={{ position: 'absolute', top: 8, right: 8 }}>
              {course.is_cpd && (
                <Chip size="small" label="CPD" color="secondary" sx={{ fontWeight: 600 }} />
              )}
              {staff && (
                <Box sx={{ bgcolor: 'background.paper', borderRadius: 4 }}>
                  <CourseStatusChip status={course.status} />
                </Box>
              )}
            </Stack>
          )}
        </Box>
        <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.4 }} noWrap>
            {course.category?.name ?? 'Uncategorised'}
          </Typography>
          <Typography
            variant="h3"
            sx={{
              fontSize: '1.05rem',
              fontWeight: 600,
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {course.title}
          </Typography>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 'auto' }}>
            <Chip size="small" variant="outlined" label={LEVEL_LABELS[course.level]} />
            {duration && <Meta icon={<AccessTimeOutlined fontSize="small" />}>{duration}</Meta>}
            <Meta icon={<ViewModuleOutlined fontSize="small" />}>
              {course.module_count} module{course.module_count === 1 ? '' : 's'}
            </Meta>
          </Stack>
          {enrolment && (
            <Box>
              <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {enrolment.status === 'completed' ? 'Completed' : 'Progress'}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {enrolment.progress_percent}%
                </Typography>
              </Stack>
              <LinearProgress
                variant="determinate"
                value={enrolment.progress_percent}
                color={enrolment.status === 'completed' ? 'success' : 'primary'}
                aria-label={`Progress in ${course.title}`}
              />
            </Box>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
