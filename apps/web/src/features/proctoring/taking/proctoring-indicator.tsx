import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import VideocamOffOutlined from '@mui/icons-material/VideocamOffOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import { keyframes } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { SIGNAL } from '../labels.tsx';
import type { MonitorState } from './monitor.ts';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.35; }
`;

interface Summary {
  colour: 'success' | 'warning' | 'error' | 'default';
  short: string;
  camera: string;
}

function summaryOf(state: MonitorState): Summary {
  if (state.phase === 'ended')
    return { colour: 'default', short: 'ended', camera: 'Monitoring has ended.' };
  if (state.camera === 'off')
    return {
      colour: 'error',
      short: 'camera off',
      camera: state.cameraProblem ?? 'Your camera is off.',
    };
  if (state.phase === 'connecting' || state.camera === 'starting')
    return { colour: 'warning', short: 'starting', camera: 'Turning your camera on…' };
  if (state.trouble) return { colour: 'warning', short: 'retrying', camera: 'Your camera is on.' };
  return {
    colour: 'success',
    short: 'camera on',
    camera: state.detectionFailed
      ? 'Your camera is on, but face detection could not start on this device.'
      : 'Your camera is on; it is checked on this device.',
  };
}

/**
 * The attempt bar's "Proctored" chip: whether the camera is on, a pulsing dot while a flagged
 * moment is being recorded, and on click what is watched and what is sent. Transparency, not a
 * control: monitoring runs the same whether the learner opens it or not.
 */
export function ProctoringIndicator({ state }: { state: MonitorState }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const summary = summaryOf(state);
  const recording = state.recording > 0;
  const Icon = state.camera === 'off' ? VideocamOffOutlined : VideocamOutlined;
  const signals = state.session?.signals ?? [];
  return (
    <>
      <Chip
        icon={<Icon aria-hidden />}
        color={summary.colour}
        variant="outlined"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? popoverId : undefined}
        aria-label={`Proctored: ${summary.short}${recording ? ', recording a flagged moment' : ''}`}
        label={
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <span>Proctored</span>
            {recording && (
              <Box
                component="span"
                data-testid="proctoring-recording"
                sx={{
                  width: 8,
                  height: 8,
                  borderRadius: '50%',
                  bgcolor: 'error.main',
                  animation: `${pulse} 1.2s ease-in-out infinite`,
                  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
                }}
              />
            )}
          </Stack>
        }
      />
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { sx: { p: 2, maxWidth: 340 }, role: 'dialog', 'aria-label': 'Proctoring' },
        }}
      >
        <Stack spacing={1.25}>
          <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 700 }}>
            Proctoring
          </Typography>
          <Typography variant="body2">{summary.camera}</Typography>
          {state.trouble && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <CloudOffOutlined fontSize="small" color="warning" aria-hidden />
              <Typography variant="body2">{state.trouble}</Typography>
            </Stack>
          )}
          {recording && (
            <Typography variant="body2">
              Something was flagged: a still and a short clip are being sent for a proctor to
              review.
            </Typography>
          )}
          {signals.length > 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Watched: {signals.map((s) => SIGNAL[s].label.toLowerCase()).join(', ')}.
            </Typography>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Evidence is sent only when something is flagged, and a person reviews every flag.
          </Typography>
        </Stack>
      </Popover>
    </>
  );
}
