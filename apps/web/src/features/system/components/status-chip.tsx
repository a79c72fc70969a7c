import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { alpha, type Theme } from '@mui/material/styles';

export type CheckState = 'loading' | 'ok' | 'error';

const LABELS: Record<CheckState, string> = {
  loading: 'Checking…',
  ok: 'Healthy',
  error: 'Unavailable',
};

function tone(theme: Theme, state: CheckState) {
  if (state === 'loading') return theme.palette.text.secondary;
  const palette = state === 'ok' ? theme.palette.success : theme.palette.error;
  return theme.palette.mode === 'dark' ? palette.light : palette.dark;
}

export function StatusChip({ state }: { state: CheckState }) {
  const icon =
    state === 'ok' ? (
      <CheckCircleRounded />
    ) : state === 'error' ? (
      <ErrorRounded />
    ) : (
      <CircularProgress size={14} color="inherit" aria-hidden />
    );
  return (
    <Chip
      size="small"
      icon={icon}
      label={LABELS[state]}
      sx={(theme) => ({
        flexShrink: 0,
        fontWeight: 600,
        color: tone(theme, state),
        bgcolor: alpha(tone(theme, state), 0.12),
        '& .MuiChip-icon': { color: 'inherit', ml: 0.75 },
      })}
    />
  );
}
