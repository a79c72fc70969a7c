import Chip from '@mui/material/Chip';
import { MODERATION_LABELS } from '../labels.ts';

/** Says that a post or comment is held or hidden (only its author and admins ever see one). */
export function ModerationLabel({ state }: { state: 'visible' | 'held' | 'hidden' }) {
  if (state === 'visible') return null;
  return (
    <Chip
      size="small"
      color={state === 'held' ? 'warning' : 'error'}
      variant="outlined"
      label={MODERATION_LABELS[state]}
      sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal' } }}
    />
  );
}
