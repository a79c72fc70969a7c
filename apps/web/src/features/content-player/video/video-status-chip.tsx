import Replay from '@mui/icons-material/Replay';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useRetryTranscode, useVideoStatus } from '../api/video.api.ts';

/**
 * For authors next to a video file: whether its streaming versions are ready, being made (with
 * the percentage) or failed (with the reason, and Retry when they may retry).
 */
export function VideoStatusChip({ fileId, name }: { fileId: number; name: string }) {
  const status = useVideoStatus(fileId);
  const retry = useRetryTranscode(fileId);
  const data = status.data;
  if (!data) return null;
  if (data.status === 'ready')
    return (
      <Tooltip title={data.renditions.map((r) => r.label).join(', ') || 'Ready to stream'}>
        <Chip size="small" color="success" variant="outlined" label="Streaming ready" />
      </Tooltip>
    );
  if (data.status === 'failed')
    return (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <Tooltip title={data.error ?? 'The transcode failed.'}>
          <Chip size="small" color="error" variant="outlined" label="Transcode failed" />
        </Tooltip>
        {data.can_retry && (
          <Tooltip title="Transcode again">
            <span>
              <IconButton
                size="small"
                aria-label={`Transcode ${name} again`}
                disabled={retry.isPending}
                onClick={() => retry.mutate()}
              >
                <Replay fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Stack>
    );
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<CircularProgress size={12} aria-hidden />}
      label={
        data.status === 'queued' ? 'Transcode queued' : `Transcoding ${data.progress_percent}%`
      }
      role="status"
    />
  );
}
