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
export interface HlsElementProps {
  /** The master playlist once ready; null plays `source` directly. */
  master: string | null;
  /** What plays without hls.js and native HLS, or before the renditions exist. */
  source: string | null;
  poster: string | null;
  /** Send the session cookie with each playlist and segment (not for public share links). */
  withCredentials: boolean;
  videoProps?: VideoProps;
  onVideoElement?: (element: HTMLVideoElement | null) => void;
}

/**
 * The <video> element with hls.js attached: the one player of course videos and of public share
 * links, so both pick renditions and fall back the same way.
 */
export function HlsElement({
  master,
  source,
  poster,
  withCredentials,
  videoProps,
  onVideoElement,
}: HlsElementProps) {
  const video = useRef<HTMLVideoElement | null>(null);

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
          : (source ?? '');
        return;
      }
      const player = new Hls({
        // Same origin: the session cookie authorises each playlist and segment request.
        xhrSetup: (xhr) => {
          xhr.withCredentials = withCredentials;
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
  }, [master, source, withCredentials]);

  const setRef = (element: HTMLVideoElement | null) => {
    video.current = element;
    onVideoElement?.(element);
  };
  return (
    <Box
      component="video"
      ref={setRef}
      controls
      playsInline
      preload="metadata"
      poster={poster ?? undefined}
      // Until the renditions exist (or if they failed) the original upload plays directly.
      src={master ? undefined : (source ?? undefined)}
      {...videoProps}
      sx={{ width: '100%', maxHeight: '70vh', bgcolor: 'common.black', borderRadius: 1 }}
    />
  );
}

export function HlsVideo({ fileId, videoProps, onVideoElement }: HlsVideoProps) {
  const status = useVideoStatus(fileId);
  const retry = useRetryTranscode(fileId);
  const data = status.data;
  const master = data?.status === 'ready' ? data.master : null;

  if (status.isPending) return <LinearProgress aria-label="Loading the video" />;
  if (status.isError) return <Alert severity="error">{errorMessage(status.error)}</Alert>;
  if (!data) return null;

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
      <HlsElement
        master={master}
        source={data.source}
        poster={data.poster}
        withCredentials
        videoProps={videoProps}
        onVideoElement={onVideoElement}
      />
    </Stack>
  );
}
