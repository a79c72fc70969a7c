import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ArrowForward from '@mui/icons-material/ArrowForward';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { PageContainer } from '../../../shared/ui/page-header.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { SectionCard } from '../../../shared/ui/section-card.tsx';
import { useLearningPath } from '../api/paths.api.ts';
import { JoinButton } from '../components/join-button.tsx';
import { ItemTimeline } from '../components/learner/item-timeline.tsx';
import { PathNotFound } from '../components/not-found.tsx';
import { PathImage } from '../components/path-image.tsx';
import { ProgressLine } from '../components/progress-line.tsx';
import { PathReviews } from '../components/reviews/path-reviews.tsx';
import { RichText } from '../components/rich-text.tsx';
import { ProgressStateChip } from '../components/state-chips.tsx';
import {
  courseUrl,
  editorPathUrl,
  formatDate,
  formatMinutes,
  isOverdue,
  PATH_MESSAGES,
  plural,
} from '../path-labels.ts';

/** '/learning-path/learner/learning-path/:id': a path as its learner follows it. */
export default function LearnerPathPage() {
  const id = Number(useParams().id);
  const detail = useLearningPath(id);
  if (!Number.isInteger(id) || id <= 0) return <PathNotFound />;
  if (detail.isPending) return <PageLoader label="Loading learning path" />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) return <PathNotFound />;
    return (
      <PageContainer>
        <Alert severity="error">{errorMessage(detail.error, PATH_MESSAGES.detailFailed)}</Alert>
      </PageContainer>
    );
  }
  const path = detail.data;
  const mine = path.mine;
  const overdue = isOverdue(mine);
  const next = path.items.find((item) => item.id === path.next_item);
  const duration = formatMinutes(path.estimated_minutes);

  return (
    <PageContainer>
      <Button
        component={RouterLink}
        to="/learning-path"
        startIcon={<ArrowBackOutlined />}
        size="small"
        sx={{ mb: 1 }}
      >
        Learning paths
      </Button>
      <Card sx={{ mb: 2.5 }}>
        <Grid container>
          <Grid size={{ xs: 12, md: 5 }} sx={{ minHeight: { md: 260 } }}>
            <PathImage
              src={path.image}
              title={path.title}
              height={{ xs: 180, sm: 240, md: '100%' }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 7 }} sx={{ p: { xs: 2.5, sm: 3 } }}>
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Chip
                  size="small"
                  variant="outlined"
                  label={path.category?.name ?? 'Learning path'}
                />
                {mine && <ProgressStateChip state={mine.state} overdue={overdue} />}
              </Stack>
              <Typography
                variant="h1"
                sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
              >
                {path.title}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {plural(path.item_count, 'course')}
                {duration ? ` · about ${duration}` : ''}
                {path.rating !== null ? ` · rated ${path.rating.toFixed(1)} of 5` : ''}
              </Typography>
              {mine && mine.state !== 'requested' && (
                <Box sx={{ maxWidth: 420 }}>
                  <ProgressLine
                    percent={mine.progress_percent}
                    completed={mine.state === 'completed'}
                    label={`Progress in ${path.title}`}
                  />
                </Box>
              )}
              {mine?.due_at && mine.state !== 'completed' && (
                <Stack
                  direction="row"
                  spacing={0.75}
                  sx={{ alignItems: 'center', color: overdue ? 'error.main' : 'text.secondary' }}
                >
                  <EventOutlined fontSize="small" />
                  <Typography variant="body2" sx={{ fontWeight: overdue ? 600 : 400 }}>
                    {overdue
                      ? `Overdue: was due ${formatDate(mine.due_at)}`
                      : `Due ${formatDate(mine.due_at)}`}
                  </Typography>
                </Stack>
              )}
              {mine?.state === 'completed' && (
                <Typography variant="body2" sx={{ color: 'success.main', fontWeight: 600 }}>
                  Completed {formatDate(mine.completed_at)}
                  {mine.expires_at ? ` · valid until ${formatDate(mine.expires_at)}` : ''}
                </Typography>
              )}
              {mine?.state === 'requested' && (
                <Alert severity="info">Your request to join is waiting for a decision.</Alert>
              )}
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', pt: 0.5 }}>
                {next && mine && mine.state !== 'requested' && (
                  <Button
                    component={RouterLink}
                    to={courseUrl(next.course.id)}
                    variant="contained"
                    endIcon={<ArrowForward />}
                  >
                    {mine.state === 'not_started' ? 'Start' : 'Continue'}: {next.course.title}
                  </Button>
                )}
                <JoinButton path={path} size="medium" />
                {(path.abilities.edit || path.abilities.manage) && (
                  <Button
                    component={RouterLink}
                    to={editorPathUrl(path.id)}
                    startIcon={<EditOutlined />}
                  >
                    Manage
                  </Button>
                )}
              </Stack>
            </Stack>
          </Grid>
        </Grid>
      </Card>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={2.5}>
            <SectionCard
              title="Courses"
              subtitle={path.strict_sequence ? 'Taken in this order.' : undefined}
            >
              {path.items.length === 0 ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  No courses in this path yet.
                </Typography>
              ) : (
                <ItemTimeline detail={path} />
              )}
            </SectionCard>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={2.5}>
            <SectionCard title="About this path">
              <RichText html={path.description} />
            </SectionCard>
            <SectionCard title="Reviews">
              <PathReviews path={path} />
            </SectionCard>
          </Stack>
        </Grid>
      </Grid>
    </PageContainer>
  );
}
