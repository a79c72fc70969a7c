import CheckCircle from '@mui/icons-material/CheckCircle';
import DoneOutlined from '@mui/icons-material/DoneOutlined';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FileViewer, kindLabel } from './file-viewer.tsx';
import {
  completesByContent,
  completesByPlaying,
  type FileStatus,
  type PlayerEntry,
  viewerKind,
} from './player-logic.ts';

interface ContentPaneProps {
  entry: PlayerEntry;
  total: number;
  status: FileStatus;
  previous: PlayerEntry | null;
  next: PlayerEntry | null;
  onOpen: (fileId: number) => void;
  /** Null when progress is not recorded (a manager previewing the course). */
  onComplete: (() => void) | null;
  completing: boolean;
}

/** The open file with its title, the way to complete it and the previous/next buttons. */
export function ContentPane({
  entry,
  total,
  status,
  previous,
  next,
  onOpen,
  onComplete,
  completing,
}: ContentPaneProps) {
  const { file, module } = entry;
  const kind = viewerKind(file);
  const byPlaying = completesByPlaying(kind);
  const byContent = completesByContent(kind);
  const completed = status === 'completed';

  return (
    <Paper
      component="section"
      aria-labelledby="player-file-title"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.6 }}>
            {module.title} · File {entry.index + 1} of {total}
          </Typography>
          <Typography
            id="player-file-title"
            tabIndex={-1}
            variant="h2"
            sx={{
              fontSize: { xs: '1.2rem', sm: '1.4rem' },
              overflowWrap: 'anywhere',
              outline: 'none',
            }}
          >
            {file.name}
          </Typography>
        </Box>
        <Chip
          size="small"
          variant="outlined"
          label={kindLabel(file.kind)}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        />
      </Stack>

      <FileViewer key={file.id} file={file} onWatched={() => onComplete?.()} />

      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 2.5, alignItems: { sm: 'center' } }}
      >
        <Box sx={{ flex: 1 }}>
          {completed ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
              <CheckCircle color="success" aria-hidden />
              <Typography sx={{ fontWeight: 600 }}>Completed</Typography>
            </Stack>
          ) : onComplete === null ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Preview: progress is recorded for enrolled learners only.
            </Typography>
          ) : byContent ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {kind === 'xr'
                ? 'Completes when every hotspot has been visited.'
                : 'Completes when every part of the package is completed or passed.'}
            </Typography>
          ) : byPlaying ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {kind === 'video' ? 'Watch' : 'Listen to'} at least 90% to complete this file.
            </Typography>
          ) : (
            <Button
              variant="contained"
              color="success"
              startIcon={<DoneOutlined />}
              onClick={onComplete}
              loading={completing}
            >
              Mark as complete
            </Button>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button
            variant="outlined"
            startIcon={<NavigateBefore />}
            disabled={!previous}
            onClick={() => previous && onOpen(previous.file.id)}
          >
            Previous
          </Button>
          <Button
            variant="outlined"
            endIcon={<NavigateNext />}
            disabled={!next}
            onClick={() => next && onOpen(next.file.id)}
          >
            Next
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
