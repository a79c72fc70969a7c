import type { TProctoringFlag } from '@atrium/contract';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DecisionChip } from '../components/chips.tsx';
import { EvidenceThumb } from '../components/evidence-thumb.tsx';
import { FLAG_TYPE, flagTypeLabel, formatTime, percent } from '../labels.tsx';
import type { FlagDecision } from './flag-decision-dialog.tsx';

export const flagAnchor = (flag: number) => `proctoring-flag-${flag}`;

/** The flags in the order they happened, with their evidence and what proctors decided. */
export function FlagList({
  flags,
  canDecide,
  evidenceTo,
  onDecide,
}: {
  flags: TProctoringFlag[];
  canDecide: boolean;
  evidenceTo: (evidence: number) => string;
  onDecide: (flag: TProctoringFlag, decision: FlagDecision) => void;
}) {
  if (flags.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No flags were raised.
      </Typography>
    );
  }
  const ordered = [...flags].sort((a, b) => a.occurred_at.localeCompare(b.occurred_at));
  return (
    <Stack
      component="ol"
      divider={<Divider component="li" aria-hidden />}
      spacing={2}
      sx={{ m: 0, p: 0, listStyle: 'none' }}
    >
      {ordered.map((flag) => (
        <FlagItem
          key={flag.id}
          flag={flag}
          canDecide={canDecide}
          evidenceTo={evidenceTo}
          onDecide={onDecide}
        />
      ))}
    </Stack>
  );
}

function FlagItem({
  flag,
  canDecide,
  evidenceTo,
  onDecide,
}: {
  flag: TProctoringFlag;
  canDecide: boolean;
  evidenceTo: (evidence: number) => string;
  onDecide: (flag: TProctoringFlag, decision: FlagDecision) => void;
}) {
  const Icon = FLAG_TYPE[flag.type]?.icon;
  const label = flagTypeLabel(flag.type);
  // A server-noted flag (monitoring stopped) is certain; a detector's has a confidence.
  const showConfidence = flag.type !== 'monitoring_stopped';
  return (
    <Stack component="li" id={flagAnchor(flag.id)} tabIndex={-1} spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        {Icon && <Icon fontSize="small" aria-hidden />}
        <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 600, flex: 1 }}>
          {label}
        </Typography>
        <DecisionChip decision={flag.decision} />
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {formatTime(flag.occurred_at)}
        {showConfidence && ` · confidence ${percent(flag.confidence)}`}
      </Typography>
      {flag.detail && <Typography variant="body2">{flag.detail}</Typography>}
      {flag.evidence.length > 0 ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {flag.evidence.map((e) => (
            <EvidenceThumb
              key={e.id}
              evidence={e}
              to={evidenceTo(e.id)}
              alt={`${label} at ${formatTime(flag.occurred_at, false)}`}
            />
          ))}
        </Stack>
      ) : (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          No evidence kept (none sent, or removed after the retention period).
        </Typography>
      )}
      {flag.decision !== 'pending' && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {flag.decision === 'dismissed' ? 'Dismissed' : 'Confirmed'}
          {flag.decided_by && ` by ${flag.decided_by.name}`}
          {flag.decided_at && `, ${formatTime(flag.decided_at)}`}
          {flag.comment && `: “${flag.comment}”`}
        </Typography>
      )}
      {canDecide && <FlagActions flag={flag} onDecide={onDecide} />}
    </Stack>
  );
}

export function FlagActions({
  flag,
  onDecide,
}: {
  flag: TProctoringFlag;
  onDecide: (flag: TProctoringFlag, decision: FlagDecision) => void;
}) {
  const label = flagTypeLabel(flag.type).toLowerCase();
  const dismiss = flag.decision === 'pending' ? 'Dismiss' : 'Dismiss instead';
  const confirm = flag.decision === 'pending' ? 'Confirm' : 'Confirm instead';
  // The name starts with the visible words (speech input) and says which flag.
  return (
    <Stack direction="row" spacing={1}>
      {flag.decision !== 'dismissed' && (
        <Button
          size="small"
          variant="outlined"
          onClick={() => onDecide(flag, 'dismissed')}
          aria-label={`${dismiss}: ${label} flag`}
        >
          {dismiss}
        </Button>
      )}
      {flag.decision !== 'confirmed' && (
        <Button
          size="small"
          variant="outlined"
          color="error"
          onClick={() => onDecide(flag, 'confirmed')}
          aria-label={`${confirm}: ${label} flag`}
        >
          {confirm}
        </Button>
      )}
    </Stack>
  );
}
