import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A progress bar with its percentage beside it (the bar alone is hard to read exactly). */
export function ProgressLine({
  percent,
  label,
  completed = false,
}: {
  percent: number;
  /** Names the bar for assistive technology, e.g. "Progress in Onboarding". */
  label: string;
  completed?: boolean;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <LinearProgress
        variant="determinate"
        value={Math.max(0, Math.min(100, percent))}
        color={completed ? 'success' : 'primary'}
        aria-label={label}
        sx={{ flex: 1, minWidth: 60, height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" sx={{ width: 36, textAlign: 'right', fontWeight: 600 }}>
        {percent}%
      </Typography>
    </Stack>
  );
}
