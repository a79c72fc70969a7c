import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineRounded';
import SyncRounded from '@mui/icons-material/SyncRounded';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { describeSeconds, formatCountdown } from './countdown.ts';
import type { SaveState } from './save-queue.ts';

/** Saving…, Saved, Offline: what the queue is doing, announced politely. */
export function SaveIndicator({ save, online }: { save: SaveState; online: boolean }) {
  const view =
    !online || save.status === 'offline'
      ? { icon: <CloudOffOutlined fontSize="small" />, text: 'Offline', color: 'warning.main' }
      : save.status === 'error'
        ? { icon: <ErrorOutline fontSize="small" />, text: 'Not saved', color: 'error.main' }
        : save.status === 'saving' || save.status === 'pending'
          ? { icon: <SyncRounded fontSize="small" />, text: 'Saving…', color: 'text.secondary' }
          : save.status === 'stopped'
            ? { icon: <ErrorOutline fontSize="small" />, text: 'Paused', color: 'warning.main' }
            : {
                icon: <CloudDoneOutlined fontSize="small" />,
                text: 'Saved',
                color: 'success.main',
              };
  return (
    <Stack
      direction="row"
      role="status"
      aria-live="polite"
      sx={{ alignItems: 'center', gap: 0.5, color: view.color, whiteSpace: 'nowrap' }}
    >
      {view.icon}
      <Typography variant="body2" sx={{ color: 'inherit' }}>
        {view.text}
      </Typography>
    </Stack>
  );
}

/** The time left; amber under 5 minutes, red under 1. Not live: the warnings announce. */
export function Countdown({ seconds }: { seconds: number }) {
  const color = seconds <= 60 ? 'error' : seconds <= 300 ? 'warning' : 'default';
  return (
    <Chip
      icon={<TimerOutlined />}
      color={color}
      variant={color === 'default' ? 'outlined' : 'filled'}
      label={formatCountdown(seconds)}
      aria-label={`Time left: ${describeSeconds(seconds)}`}
      role="timer"
      sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}
    />
  );
}
