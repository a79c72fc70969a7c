import type { TModerationState } from '@atrium/contract';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { STATE_LABELS } from '../labels.ts';

const HINTS: Record<TModerationState, string> = {
  visible: '',
  held: 'It contains a word your organisation reviews first: others see it once a moderator releases it.',
  hidden: 'A moderator took it down: only you and the admins see it.',
};

/** "Held for review" or "Hidden by a moderator" on one's own words; nothing when visible. */
export function ModerationStateChip({ state }: { state: TModerationState | undefined }) {
  const label = state ? STATE_LABELS[state] : null;
  if (!state || !label) return null;
  return (
    <Tooltip title={HINTS[state]}>
      <Chip
        size="small"
        variant="outlined"
        color={state === 'held' ? 'warning' : 'error'}
        label={label}
        tabIndex={0}
      />
    </Tooltip>
  );
}
