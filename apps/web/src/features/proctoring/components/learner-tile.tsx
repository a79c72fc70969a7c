import type { TProctorGridRow } from '@atrium/contract';
import NoPhotographyOutlined from '@mui/icons-material/NoPhotographyOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { FLAG_DECISION } from '../labels.tsx';
import { OutcomeChip, StatusChip } from './chips.tsx';
import { RelativeTime } from './relative-time.tsx';

/** One learner on the grid: picture, status, flags and outcome; the whole card opens theirs. */
export function LearnerTile({ row, to }: { row: TProctorGridRow; to: string }) {
  return (
    <Card
      component="li"
      variant="outlined"
      sx={{
        listStyle: 'none',
        borderColor: row.over_budget ? 'error.main' : undefined,
        borderWidth: row.over_budget ? 2 : 1,
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={to}
        state={{ fromGrid: true }}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Thumbnail row={row} />
        <Stack spacing={1} sx={{ p: 1.5, flex: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              component="h3"
              variant="subtitle1"
              sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}
            >
              {row.learner.name}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              Last seen <RelativeTime iso={row.last_seen_at} />
            </Typography>
          </Box>
          <Stack direction="row" useFlexGap spacing={0.75} sx={{ flexWrap: 'wrap' }}>
            <StatusChip status={row.status} />
            {row.over_budget && (
              <Chip
                size="small"
                color="error"
                icon={<ReportProblemOutlined aria-hidden />}
                label="Over budget"
              />
            )}
            {row.outcome && <OutcomeChip outcome={row.outcome} />}
          </Stack>
          <FlagCounts flags={row.flags} />
        </Stack>
      </CardActionArea>
    </Card>
  );
}

function Thumbnail({ row }: { row: TProctorGridRow }) {
  // Wider on a phone's single column, so a screen shows more than one learner.
  const frame = {
    aspectRatio: { xs: '16 / 9', sm: '4 / 3' },
    width: '100%',
    bgcolor: 'action.hover',
    display: 'block',
  };
  if (row.thumbnail_url) {
    return (
      <Box
        component="img"
        src={row.thumbnail_url}
        alt={`Latest camera picture of ${row.learner.name}`}
        loading="lazy"
        sx={{ ...frame, objectFit: 'cover' }}
      />
    );
  }
  return (
    <Stack
      sx={{ ...frame, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 0.5 }}
    >
      <NoPhotographyOutlined sx={{ fontSize: 40, color: 'text.disabled' }} aria-hidden />
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {row.status === 'waiting' ? 'Not started yet' : 'No live picture'}
      </Typography>
    </Stack>
  );
}

/**
 * What is left to review, stressed while there is any, then what proctors decided: the first
 * line is the one a proctor scans the grid for.
 */
export function FlagCounts({ flags }: { flags: TProctorGridRow['flags'] }) {
  if (flags.total === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No flags
      </Typography>
    );
  }
  const Pending = FLAG_DECISION.pending.icon;
  const stress = flags.pending > 0;
  return (
    <Box>
      <Stack
        direction="row"
        spacing={0.5}
        sx={{
          alignItems: 'center',
          // The dark shade of warning reaches AA contrast as text on a light card.
          color: (t) =>
            stress
              ? t.palette.warning[t.palette.mode === 'dark' ? 'light' : 'dark']
              : t.palette.text.secondary,
        }}
      >
        <Pending fontSize="small" aria-hidden />
        <Typography variant="body2" sx={{ fontWeight: stress ? 700 : 400 }}>
          {stress ? `${flags.pending} to review` : 'Nothing to review'}
        </Typography>
      </Stack>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {flags.confirmed} confirmed · {flags.dismissed} dismissed
      </Typography>
    </Box>
  );
}
