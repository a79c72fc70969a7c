import Replay from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ComponentPropsWithoutRef, useEffect, useRef } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useRetryTranscode, useVideoStatus } from '../api/video.api.ts';

type VideoProps = Omit<ComponentPropsWithoutRef<'video'>, 'src' | 'poster'>;

export interface HlsVideoProps {
  /** The repository file id of the video. */
  fileId: number;
  /** Passed to the <video> element: event handlers (timeupdate, ended…), sx via style, etc. */
  videoProps?: VideoProps;
  /** Receives the <video> element, e.g. to track watch time. */
  onVideoElement?: (element: HTMLVideoElement | null) => void;
}

/**
 * A course video: the HLS renditions through hls.js once transcoded (adaptive quality), the
 * browser's own HLS where it has one (Safari), and while the renditions are still being made,
 * the original upload with the transcode's progress shown above it.
 */
export function HlsVideo({ fileId, videoProps, onVideoElement }: HlsVideoProps) {
  const status = useVideoStatus(fileId);
  const retry = useRetryTranscode(fileId);
  const video = useRef<HTMLVideoElement | null>(null);
  const data = status.data;
  const master = data?.status === 'ready' ? data.master : null;

  useEffect(() => {
    const element = video.current;
    if (!element || !master) return;
    let destroyed = false;
    let hls: { destroy(): void } | null = null;
    // hls.js first wherever Media Source exists (it picks the rendition by measured bandwidth
    // the same way everywhere); the browser's own HLS (iOS Safari, recent Chromium) otherwise.
    void import('hls.js').then(({ default: Hls }) => {
      if (destroyed) return;
      if (!Hls.isSupported()) {
        element.src = element.canPlayType('application/vnd.apple.mpegurl')
          ? master
          : (data?.source ?? '');
        return;
      }
      const player = new Hls({
        // Same origin: the session cookie authorises each playlist and segment request.
        xhrSetup: (xhr) => {
          xhr.withCredentials = true;
        },
      });
      player.loadSource(master);
      player.attachMedia(element);
      hls = player;
    });
    return () => {
      destroyed = true;
      hls?.destroy();
    };
  }, [master, data?.source]);

  if (status.isPending) return <LinearProgress aria-label="Loading the video" />;
  if (status.isError) return <Alert severity="error">{errorMessage(status.error)}</Alert>;
  if (!data) return null;

  const setRef = (element: HTMLVideoElement | null) => {
    video.current = element;
    onVideoElement?.(element);
  };
  const preparing = data.status === 'queued' || data.status === 'running';

  return (
    <Stack spacing={1}>
      {preparing && (
        <Box role="status" aria-live="polite">
          <Typography variant="body2" color="text.secondary">
            {data.status === 'queued'
              ? 'Streaming versions are queued; the original plays meanwhile.'
              : `Preparing streaming versions: ${data.progress_percent}%`}
          </Typography>
          <LinearProgress
            variant={data.status === 'queued' ? 'indeterminate' : 'determinate'}
            value={data.progress_percent}
            aria-label="Transcoding progress"
          />
        </Box>
      )}
      {data.status === 'failed' && (
        <Alert
          severity="warning"
          action={
            data.can_retry ? (
              <Button
                color="inherit"
                size="small"
                startIcon={<Replay />}
                disabled={retry.isPending}
                onClick={() => retry.mutate()}
              >
                Retry
              </Button>
            ) : undefined
          }
        >
          The streaming versions could not be made: {data.error ?? 'unknown error'}. The original
          file plays instead.
        </Alert>
      )}
      <Box
        component="video"
        ref={setRef}
        controls
        playsInline
        preload="metadata"
        poster={data.poster ?? undefined}
        // Until the renditions exist (or if they failed) the original upload plays directly.
        src={master ? undefined : data.source}
        {...videoProps}
        sx={{ width: '100%', maxHeight: '70vh', bgcolor: 'common.black', borderRadius: 1 }}
      />
    </Stack>
  );
}
