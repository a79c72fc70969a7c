import { CHECK_STATUS_LABELS, type TPlagiarismCheck } from '@atrium/contract';
import Chip from '@mui/material/Chip';

/** The check's score (red at or over the threshold), or its status while it has none. */
export function ScoreChip({ check }: { check: TPlagiarismCheck }) {
  if (check.status !== 'done' || check.score === null) {
    return (
      <Chip
        size="small"
        variant="outlined"
        color={check.status === 'failed' ? 'error' : 'default'}
        label={CHECK_STATUS_LABELS[check.status]}
      />
    );
  }
  return (
    <Chip
      size="small"
      color={check.over_threshold ? 'error' : 'success'}
      variant={check.over_threshold ? 'filled' : 'outlined'}
      label={`${check.score} % similar`}
      aria-label={`${check.score} percent similar${check.over_threshold ? ', over the threshold' : ''}`}
    />
  );
}
