import type { TCourseDetail, TCourseProgress } from '@atrium/contract';
import ArrowBack from '@mui/icons-material/ArrowBack';
import FolderOffOutlined from '@mui/icons-material/FolderOffOutlined';
import ListOutlined from '@mui/icons-material/ListOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { PageContainer } from '../../../shared/ui/page-header.tsx';
import { PageLoader } from '../../../shared/ui/page-loader.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { COURSE_MESSAGES } from '../../catalogue/index.ts';
import { usePlayerCourse, usePlayerProgress } from '../api/learning.api.ts';
import { ContentPane } from '../components/player/content-pane.tsx';
import { CourseCompleted } from '../components/player/course-completed.tsx';
import { CourseProgressBar, ModuleList } from '../components/player/module-list.tsx';
import {
  flattenFiles,
  initialFileId,
  lastFileKey,
  neighbours,
  readStoredFile,
  statusOf,
} from '../components/player/player-logic.ts';
import {
  CourseNotFound,
  NotEnrolled,
  PlayerLoadFailed,
} from '../components/player/player-states.tsx';
import { PlayerTabs } from '../components/player/player-tabs.tsx';
import { useProgressReporter } from '../components/player/use-progress-reporter.ts';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * /course-module/{id}: the learner's course player. Enrolled learners see the module list with
 * each file's status, the open file and the course progress, which every progress report
 * updates. A course manager who is not enrolled gets the same screen as a preview that records
 * nothing; anyone else is told how to enrol.
 */
export default function CoursePlayerPage() {
  const courseId = Number(useParams().id);
  const course = usePlayerCourse(courseId);
  const progress = usePlayerProgress(courseId, course.isSuccess);

  if (!Number.isInteger(courseId) || courseId <= 0) return <CourseNotFound />;
  if (course.isPending) return <PageLoader label="Loading the course" />;
  if (course.isError) {
    if (course.error instanceof ApiError && course.error.status === 404) return <CourseNotFound />;
    return (
      <PlayerLoadFailed
        message={errorMessage(course.error, COURSE_MESSAGES.detailFailed)}
        onRetry={() => void course.refetch()}
      />
    );
  }
  // Managers may preview a course they are not enrolled in; wait for the answer either way so
  // an enrolled manager resumes where they left off.
  const preview = course.data.course.abilities.manage;
  if (progress.isPending) return <PageLoader label="Loading your progress" />;
  if (progress.isError && !preview) {
    const status = progress.error instanceof ApiError ? progress.error.status : 0;
    if (status === 403 || status === 404)
      return <NotEnrolled courseId={courseId} title={course.data.course.title} />;
    return (
      <PlayerLoadFailed
        message={errorMessage(progress.error, COURSE_MESSAGES.detailFailed)}
        onRetry={() => void progress.refetch()}
      />
    );
  }
  // A manager who is also enrolled records progress like any learner.
  const recording = progress.isSuccess;
  return (
    <Player
      detail={course.data}
      progress={recording ? progress.data : undefined}
      recording={recording}
    />
  );
}

function Player({
  detail,
  progress,
  recording,
}: {
  detail: TCourseDetail;
  progress: TCourseProgress | undefined;
  recording: boolean;
}) {
  const courseId = detail.course.id;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [contentsOpen, setContentsOpen] = useState(false);
  const entries = useMemo(() => flattenFiles(detail.modules), [detail.modules]);
  const [chosen, setChosen] = useState<number | null>(null);
  // Where to resume is decided once; afterwards the learner's choice leads.
  const [resumeAt] = useState(() =>
    initialFileId(entries, progress?.last.selectedFile, readStoredFile(browserStorage(), courseId)),
  );
  const selectedId =
    chosen !== null && entries.some((e) => e.file.id === chosen)
      ? chosen
      : initialFileId(entries, resumeAt, null);
  const entry = entries.find((e) => e.file.id === selectedId) ?? null;
  const { previous, next } = neighbours(entries, selectedId);
  // A SCORM package's own session time is its time: the player's clock must not add to it.
  const reporter = useProgressReporter(
    courseId,
    entry?.file.id ?? null,
    recording,
    entry?.file.kind !== 'scorm',
  );

  useEffect(() => {
    if (selectedId !== null) browserStorage()?.setItem(lastFileKey(courseId), String(selectedId));
  }, [courseId, selectedId]);

  const open = (fileId: number) => {
    setChosen(fileId);
    setContentsOpen(false);
    // The new file's title is the place to carry on reading from.
    window.requestAnimationFrame(() => document.getElementById('player-file-title')?.focus());
  };

  const percent = progress?.progress_percent ?? 0;
  const completed = progress?.status === 'completed';
  const contents = (
    <ModuleList
      modules={detail.modules}
      progress={progress}
      selectedFileId={selectedId}
      onSelect={open}
    />
  );

  return (
    <PageContainer maxWidth={1440}>
      <Stack spacing={2} sx={{ mb: 2.5 }}>
        <Box>
          <Button
            component={RouterLink}
            to={`/courses/course-detail/${courseId}`}
            startIcon={<ArrowBack />}
            size="small"
            sx={{ mb: 0.5 }}
          >
            Course page
          </Button>
          <Typography
            variant="h1"
            sx={{ fontSize: { xs: '1.5rem', sm: '1.9rem' }, overflowWrap: 'anywhere' }}
          >
            {detail.course.title}
          </Typography>
        </Box>
        {recording ? (
          <CourseProgressBar percent={percent} />
        ) : (
          <Alert severity="info">
            Preview: you manage this course and are not enrolled in it, so nothing you open here is
            recorded.
          </Alert>
        )}
        {phone && entries.length > 0 && (
          <Button
            variant="outlined"
            startIcon={<ListOutlined />}
            onClick={() => setContentsOpen(true)}
            sx={{ alignSelf: 'flex-start' }}
          >
            Course contents
          </Button>
        )}
      </Stack>

      {completed && (
        <CourseCompleted courseId={courseId} completedAt={progress?.completed_at ?? null} />
      )}

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: '300px minmax(0, 1fr)',
            lg: '340px minmax(0, 1fr)',
          },
          alignItems: 'start',
        }}
      >
        {!phone && (
          <Paper
            variant="outlined"
            sx={{
              borderRadius: 3,
              py: 1,
              position: 'sticky',
              top: 'calc(var(--app-header-height, 64px) + 16px)',
              maxHeight: 'calc(100dvh - var(--app-header-height, 64px) - 32px)',
              overflowY: 'auto',
            }}
          >
            {contents}
          </Paper>
        )}
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          {entry ? (
            <ContentPane
              entry={entry}
              total={entries.length}
              status={statusOf(progress, entry.file.id)}
              previous={previous}
              next={next}
              onOpen={open}
              onComplete={recording ? () => void reporter.complete() : null}
              completing={reporter.completing}
            />
          ) : (
            <Paper variant="outlined" sx={{ borderRadius: 3 }}>
              <EmptyState icon={<FolderOffOutlined sx={{ fontSize: 40 }} aria-hidden />}>
                This course has no files yet. Check back later.
              </EmptyState>
            </Paper>
          )}
          <PlayerTabs courseId={courseId} courseTitle={detail.course.title} canSubmit={recording} />
        </Stack>
      </Box>

      <Drawer
        open={phone && contentsOpen}
        onClose={() => setContentsOpen(false)}
        slotProps={{ paper: { sx: { width: 'min(88vw, 360px)' } } }}
      >
        <Box sx={{ p: 2, pb: 0 }}>
          <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
            Course contents
          </Typography>
          {recording && (
            <Box sx={{ mt: 1.5 }}>
              <CourseProgressBar percent={percent} />
            </Box>
          )}
        </Box>
        {contents}
      </Drawer>
    </PageContainer>
  );
}
