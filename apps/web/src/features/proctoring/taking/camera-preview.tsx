import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import FaceOutlined from '@mui/icons-material/FaceOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import VideocamOffOutlined from '@mui/icons-material/VideocamOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Ref, useEffect, useRef } from 'react';
import type { CameraCheck } from './use-camera-check.ts';

type Tone = 'success' | 'warning' | 'info';
interface Status {
  text: string;
  tone: Tone;
  busy?: boolean;
}

function statusOf(check: CameraCheck): Status {
  switch (check.status) {
    case 'starting':
      return { text: 'Starting your camera…', tone: 'info', busy: true };
    case 'loading':
      return { text: 'Loading face detection…', tone: 'info', busy: true };
    case 'looking':
      return { text: 'Looking for your face…', tone: 'info', busy: true };
    default:
      return check.faceNow
        ? { text: 'Face found', tone: 'success' }
        : { text: 'Face found — keep your face in view of the camera', tone: 'warning' };
  }
}

const TONE_ICON = {
  success: CheckCircleOutlined,
  warning: ReportProblemOutlined,
  info: FaceOutlined,
};

/**
 * The learner's own camera picture (mirrored, as in a mirror) with what the detector sees, or
 * what stops the camera and how to fix it.
 */
export function CameraPreview({
  check,
  videoRef,
}: {
  check: CameraCheck;
  videoRef?: Ref<HTMLVideoElement>;
}) {
  const own = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    const video = own.current;
    if (!video || video.srcObject === check.stream) return;
    video.srcObject = check.stream;
    if (check.stream) void Promise.resolve(video.play?.()).catch(() => undefined);
  }, [check.stream]);

  const setRefs = (video: HTMLVideoElement | null) => {
    own.current = video;
    if (typeof videoRef === 'function') videoRef(video);
    else if (videoRef) videoRef.current = video;
  };

  const failed = check.status === 'error';
  const status = statusOf(check);
  const Icon = TONE_ICON[status.tone];
  return (
    <Stack spacing={1.5} sx={{ width: '100%', maxWidth: 400 }}>
      <Box
        sx={{
          position: 'relative',
          aspectRatio: '4 / 3',
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'grey.900',
          border: 2,
          borderColor: failed
            ? 'error.main'
            : check.faceSeen && check.faceNow
              ? 'success.main'
              : 'divider',
        }}
      >
        <Box
          component="video"
          ref={setRefs}
          muted
          playsInline
          autoPlay
          aria-label="Your camera picture"
          sx={{
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            transform: 'scaleX(-1)',
            display: failed || !check.stream ? 'none' : 'block',
          }}
        />
        {(failed || !check.stream) && (
          <Stack
            sx={{ position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center' }}
          >
            {failed ? (
              <VideocamOffOutlined sx={{ fontSize: 48, color: 'grey.500' }} aria-hidden />
            ) : (
              <CircularProgress size={32} aria-hidden sx={{ color: 'grey.300' }} />
            )}
          </Stack>
        )}
      </Box>
      {failed ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={check.retry}>
              Try again
            </Button>
          }
        >
          {check.problem}
        </Alert>
      ) : (
        <Stack
          direction="row"
          spacing={1}
          role="status"
          aria-live="polite"
          sx={{ alignItems: 'center', color: `${status.tone}.main` }}
        >
          {status.busy ? (
            <CircularProgress size={18} color="inherit" aria-hidden />
          ) : (
            <Icon fontSize="small" aria-hidden />
          )}
          <Typography
            variant="body2"
            sx={{
              fontWeight: 600,
              // The dark shades reach AA contrast as text on a light page.
              color: (t) => (t.palette.mode === 'dark' ? undefined : `${status.tone}.dark`),
            }}
          >
            {status.text}
          </Typography>
        </Stack>
      )}
      {check.micMissing && !failed && (
        <Alert severity="warning" variant="outlined">
          The microphone is not available, so noise in the room cannot be checked. You can still
          start.
        </Alert>
      )}
    </Stack>
  );
}
