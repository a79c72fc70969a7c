import type { TDiscussionSummary } from '@atrium/contract';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

// Colour on the outline only: an organisation's theme colours need not contrast with the page
// enough for small text (axe's colour-contrast rule), the text colour always does.
const KIND_BORDER: Record<TDiscussionSummary['type']['kind'], string> = {
  question: 'primary.main',
  idea: 'secondary.main',
  general: 'divider',
};

/** A topic's type and state at a glance: pinned, solved, locked, closed (then `children`). */
export function TopicChips({
  topic: t,
  children,
}: {
  topic: TDiscussionSummary;
  children?: ReactNode;
}) {
  return (
    <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        variant="outlined"
        label={t.type.name}
        sx={{ borderColor: KIND_BORDER[t.type.kind] }}
      />
      {t.pinned && (
        <Chip
          size="small"
          icon={<PushPinOutlined />}
          label="Pinned"
          variant="outlined"
          sx={{ borderColor: 'warning.main', '& .MuiChip-icon': { color: 'warning.dark' } }}
        />
      )}
      {t.type.kind === 'question' && t.accepted_answer !== null && (
        <Chip size="small" icon={<CheckCircleOutlined />} label="Solved" color="success" />
      )}
      {t.locked && <Chip size="small" icon={<LockOutlined />} label="Locked" />}
      {t.closed && <Chip size="small" label="Closed" />}
      {children}
    </Stack>
  );
}
