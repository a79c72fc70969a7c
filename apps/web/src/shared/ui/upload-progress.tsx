import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { UploadProgress } from '../api/upload.ts';

/**
 * A real progress bar for an upload: determinate once the size is known. When every byte has
 * gone the server is still working (checking rows, resizing images), and the label says so.
 */
export function UploadProgressBar({
  progress,
  label = 'Uploading',
}: {
  progress: UploadProgress | null;
  label?: string;
}) {
  const percent = progress?.percent ?? null;
  const sent = percent === 100;
  const text = sent
    ? 'Uploaded, processing…'
    : percent === null
      ? `${label}…`
      : `${label} ${percent}%`;
  return (
    <Box>
      <LinearProgress
        variant={percent === null || sent ? 'indeterminate' : 'determinate'}
        value={percent ?? 0}
        aria-label={label}
        aria-valuetext={text}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography
        variant="body2"
        role="status"
        aria-live="polite"
        sx={{ color: 'text.secondary', mt: 0.75 }}
      >
        {text}
      </Typography>
    </Box>
  );
}
