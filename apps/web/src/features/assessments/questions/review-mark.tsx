import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Chip from '@mui/material/Chip';

/**
 * A mark beside an option or an answer in review: right, wrong, or the right answer the learner
 * missed. Words as well as colour, so the mark reads without colour and to screen readers.
 */
export function ReviewMark({ kind }: { kind: 'right' | 'wrong' | 'missed' }) {
  if (kind === 'right')
    return <Chip size="small" color="success" icon={<CheckCircleRounded />} label="Correct" />;
  if (kind === 'wrong')
    return <Chip size="small" color="error" icon={<CancelRounded />} label="Incorrect" />;
  return <Chip size="small" color="success" variant="outlined" label="Correct answer" />;
}

/** The mark of one choice: chosen and right, chosen and wrong, or right and not chosen. */
export function choiceMark(
  chosen: boolean,
  right: boolean | null,
): 'right' | 'wrong' | 'missed' | null {
  if (right === null) return null;
  if (chosen) return right ? 'right' : 'wrong';
  return right ? 'missed' : null;
}
