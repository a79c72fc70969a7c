import type { TLicence } from '@atrium/contract';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { seatUsage } from '../seat-usage.ts';

/** Seats in use as a bar with its numbers, e.g. "12 of 50 seats used". */
export function SeatBar({ licence, compact = false }: { licence: TLicence; compact?: boolean }) {
  const usage = seatUsage(licence);
  return (
    <Box sx={{ minWidth: compact ? 140 : 180 }}>
      {usage.percent !== null && (
        <LinearProgress
          variant="determinate"
          value={usage.percent}
          color={usage.tone === 'info' ? 'primary' : usage.tone}
          aria-label={`Seats used by ${licence.organization.title}`}
          aria-valuetext={usage.label}
          sx={{ height: 8, borderRadius: 4, mb: 0.75 }}
        />
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {usage.label}
      </Typography>
    </Box>
  );
}
