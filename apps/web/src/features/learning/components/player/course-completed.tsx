import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { COURSE_TEXT_KEYS, useCourseTexts } from '../../../catalogue/index.ts';
import { ReviewDialog } from './review-dialog.tsx';

/** Shown once every required file is done: congratulations and the way to review the course. */
export function CourseCompleted({
  courseId,
  completedAt,
}: {
  courseId: number;
  completedAt: string | null;
}) {
  // The organisation's own words, set by an admin on the course overview.
  const message = useCourseTexts().data?.[COURSE_TEXT_KEYS.completionMessage];
  const [reviewing, setReviewing] = useState(false);
  const when = completedAt ? new Date(completedAt).toLocaleDateString() : null;
  return (
    <Paper
      component="section"
      aria-labelledby="player-completed-title"
      variant="outlined"
      sx={(theme) => ({
        p: { xs: 2.5, sm: 3 },
        mb: 2.5,
        borderRadius: 3,
        borderColor: 'success.main',
        bgcolor: alpha(theme.palette.success.main, theme.palette.mode === 'dark' ? 0.16 : 0.08),
      })}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <EmojiEventsOutlined sx={{ fontSize: 52, color: 'success.main' }} aria-hidden />
        <Box sx={{ flex: 1 }}>
          <Typography
            id="player-completed-title"
            variant="h2"
            sx={{ fontSize: '1.25rem' }}
            role="status"
          >
            Congratulations, you completed this course!
          </Typography>
          {message && <Typography sx={{ mt: 0.5, whiteSpace: 'pre-line' }}>{message}</Typography>}
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {when ? `Completed on ${when}. ` : ''}Tell other learners what you thought of it.
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            color="success"
            startIcon={<RateReviewOutlined />}
            onClick={() => setReviewing(true)}
          >
            Write a review
          </Button>
          {/* Inherit: the primary colour is too faint on the green tint. */}
          <Button
            component={RouterLink}
            to={`/courses/course-detail/${courseId}#reviews`}
            color="inherit"
          >
            See reviews
          </Button>
        </Stack>
      </Stack>
      <ReviewDialog courseId={courseId} open={reviewing} onClose={() => setReviewing(false)} />
    </Paper>
  );
}
