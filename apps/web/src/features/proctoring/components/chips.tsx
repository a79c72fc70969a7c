import type { TAttemptOutcome } from '@atrium/contract';
import Chip from '@mui/material/Chip';
import { type ColouredLabel, FLAG_DECISION, MONITORING_STATUS, OUTCOME } from '../labels.tsx';

/** A chip with its colour, icon and words: the colour never carries the meaning alone. */
export function LabelChip({
  of,
  prefix,
  size = 'small',
}: {
  of: ColouredLabel;
  /** Read before the label by screen readers and shown, e.g. 'Outcome:'. */
  prefix?: string;
  size?: 'small' | 'medium';
}) {
  const Icon = of.icon;
  return (
    <Chip
      size={size}
      color={of.colour}
      variant={of.colour === 'default' ? 'outlined' : 'filled'}
      icon={<Icon aria-hidden />}
      label={prefix ? `${prefix} ${of.label}` : of.label}
    />
  );
}

export function StatusChip({ status }: { status: keyof typeof MONITORING_STATUS }) {
  return <LabelChip of={MONITORING_STATUS[status]} />;
}

export function OutcomeChip({ outcome, size }: { outcome: TAttemptOutcome; size?: 'small' }) {
  return <LabelChip of={OUTCOME[outcome]} size={size} />;
}

export function DecisionChip({ decision }: { decision: keyof typeof FLAG_DECISION }) {
  return <LabelChip of={FLAG_DECISION[decision]} />;
}
