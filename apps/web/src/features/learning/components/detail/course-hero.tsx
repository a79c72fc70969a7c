import type { TCourseDetail } from '@atrium/contract';
import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import SignalCellularAltOutlined from '@mui/icons-material/SignalCellularAltOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  CourseImage,
  CourseStatusChip,
  formatMinutes,
  LEVEL_LABELS,
  languageName,
} from '../../../catalogue/index.ts';

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box sx={{ color: 'text.secondary', display: 'flex' }} aria-hidden>
        {icon}
      </Box>
      <Typography variant="body2">
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {label}:{' '}
        </Box>
        {value}
      </Typography>
    </Stack>
  );
}

/** The course's picture, title, facts and the action that suits the caller. */
export function CourseHero({
  detail,
  staff,
  actions,
}: {
  detail: TCourseDetail;
  staff: boolean;
  actions: ReactNode;
}) {
  const { course, counts } = detail;
  const duration = formatMinutes(course.duration);
  const language = languageName(course.language);
  return (
    <Card sx={{ mb: 2.5 }}>
      <Grid container>
        <Grid size={{ xs: 12, md: 5 }} sx={{ minHeight: { md: 280 } }}>
          <CourseImage
            src={course.image}
            title={course.title}
            height={{ xs: 180, sm: 240, md: '100%' }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }} sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {course.category ? (
                <Chip
                  size="small"
                  label={course.category.name}
                  component={RouterLink}
                  to={`/courses/category_course_list/${course.category.id}`}
                  clickable
                  color="primary"
                  variant="outlined"
                />
              ) : (
                <Chip size="small" label="Uncategorised" variant="outlined" />
              )}
              {course.is_cpd && (
                <Chip
                  size="small"
                  color="secondary"
                  label={course.cpd_hours ? `CPD · ${course.cpd_hours} h` : 'CPD'}
                />
              )}
              {staff && <CourseStatusChip status={course.status} />}
            </Stack>
            <Typography
              variant="h1"
              sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
            >
              {course.title}
            </Typography>
            {course.created_by && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                By {course.created_by.fullname}
              </Typography>
            )}
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={{ xs: 0.75, sm: 2.5 }}
              useFlexGap
              sx={{ flexWrap: 'wrap' }}
            >
              <Fact
                icon={<SignalCellularAltOutlined fontSize="small" />}
                label="Level"
                value={LEVEL_LABELS[course.level]}
              />
              {duration && (
                <Fact
                  icon={<AccessTimeOutlined fontSize="small" />}
                  label="Duration"
                  value={duration}
                />
              )}
              {language && (
                <Fact
                  icon={<LanguageOutlined fontSize="small" />}
                  label="Language"
                  value={language}
                />
              )}
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {counts.modules} module{counts.modules === 1 ? '' : 's'} · {counts.files} item
              {counts.files === 1 ? '' : 's'} · {counts.enrolled} enrolled · {counts.reviews} review
              {counts.reviews === 1 ? '' : 's'}
            </Typography>
            {course.tags.length > 0 && (
              <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {course.tags.map((tag) => (
                  <Link
                    key={tag}
                    component={RouterLink}
                    to={`/courses?tag=${encodeURIComponent(tag)}`}
                    variant="body2"
                    underline="hover"
                  >
                    #{tag}
                  </Link>
                ))}
              </Stack>
            )}
            <Box sx={{ pt: 1 }}>{actions}</Box>
          </Stack>
        </Grid>
      </Grid>
    </Card>
  );
}

/** The course description: rich text the server sanitised when it was saved. */
export function CourseDescription({ html }: { html: string }) {
  if (html.trim() === '') {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No description yet.
      </Typography>
    );
  }
  return (
    <Box
      sx={{
        overflowWrap: 'anywhere',
        '& p': { mt: 0, mb: 1.5 },
        '& a': { color: 'primary.main' },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& > :last-child': { mb: 0 },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server before it is stored (spec §4)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
