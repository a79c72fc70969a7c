import type { TLearningPathProgress, TLearningPathStatus } from '@atrium/contract';
import Chip from '@mui/material/Chip';
import { PATH_STATUS, PROGRESS_STATE } from '../path-labels.ts';

export function PathStatusChip({ status }: { status: TLearningPathStatus }) {
  const { label, color } = PATH_STATUS[status];
  return <Chip size="small" label={label} color={color} variant="outlined" />;
}

/** Where a learner stands; overdue wins over the stored state once the due date has passed. */
export function ProgressStateChip({
  state,
  overdue = false,
}: {
  state: TLearningPathProgress;
  overdue?: boolean;
}) {
  const { label, color } = PROGRESS_STATE[overdue ? 'overdue' : state];
  return <Chip size="small" label={label} color={color} />;
}
