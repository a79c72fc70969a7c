import type { TProctorDetail, TProctoringFlag } from '@atrium/contract';
import NavigateBeforeOutlined from '@mui/icons-material/NavigateBeforeOutlined';
import NavigateNextOutlined from '@mui/icons-material/NavigateNextOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { DecisionChip } from '../components/chips.tsx';
import { isClip } from '../components/evidence-thumb.tsx';
import { EVIDENCE_KIND, FLAG_TYPE, flagTypeLabel, formatTime, percent } from '../labels.tsx';
import {
  type FlagDecision,
  FlagDecisionDialog,
  type FlagDecisionRequest,
} from '../learner/flag-decision-dialog.tsx';
import { FlagActions } from '../learner/flag-list.tsx';
import { type EvidenceItem, keyBelongsToControl } from './evidence-model.ts';

/**
 * One piece of evidence shown large, the flag it belongs to with its decision, and previous /
 * next within the session. Keys: ← and → move, Esc goes back to the learner card.
 */
export function EvidenceViewer({
  detail,
  items,
  index,
  onGo,
  onBack,
}: {
  detail: TProctorDetail;
  items: EvidenceItem[];
  index: number;
  onGo: (evidence: number) => void;
  onBack: () => void;
}) {
  const item = items[index]!;
  const prev = items[index - 1];
  const next = items[index + 1];
  const [deciding, setDeciding] = useState<FlagDecisionRequest | null>(null);
  // The listener reads the latest values without being re-added on every render.
  const keys = useRef({ prev, next, onGo, onBack, dialog: false });
  keys.current = { prev, next, onGo, onBack, dialog: deciding !== null };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const k = keys.current;
      if (k.dialog || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey)
        return;
      if (keyBelongsToControl(event.target)) return;
      if (event.key === 'ArrowLeft' && k.prev) k.onGo(k.prev.evidence.id);
      else if (event.key === 'ArrowRight' && k.next) k.onGo(k.next.evidence.id);
      else if (event.key === 'Escape') k.onBack();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const { evidence, flag } = item;
  const caption = flag
    ? `${flagTypeLabel(flag.type)} at ${formatTime(flag.occurred_at)}`
    : `${EVIDENCE_KIND[evidence.kind].label} of ${detail.learner.name}`;

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2.5} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ flex: 2, minWidth: 0, width: '100%' }}>
        <Box
          sx={{
            bgcolor: 'common.black',
            borderRadius: 1,
            overflow: 'hidden',
            display: 'grid',
            placeItems: 'center',
            minHeight: { xs: 200, sm: 320 },
          }}
        >
          {isClip(evidence) ? (
            // biome-ignore lint/a11y/useMediaCaption: a camera clip has no speech to caption.
            <video
              key={evidence.id}
              src={evidence.url}
              controls
              preload="metadata"
              aria-label={`Clip: ${caption}`}
              style={{ width: '100%', maxHeight: '70vh', display: 'block' }}
            />
          ) : (
            <Box
              component="img"
              key={evidence.id}
              src={evidence.url}
              alt={`${EVIDENCE_KIND[evidence.kind].label}: ${caption}`}
              sx={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain', display: 'block' }}
            />
          )}
        </Box>
        <Stack
          direction="row"
          spacing={1}
          sx={{ mt: 1.5, alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Button
            startIcon={<NavigateBeforeOutlined />}
            disabled={!prev}
            onClick={() => prev && onGo(prev.evidence.id)}
          >
            Previous
          </Button>
          <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
            {index + 1} of {items.length}
          </Typography>
          <Button
            endIcon={<NavigateNextOutlined />}
            disabled={!next}
            onClick={() => next && onGo(next.evidence.id)}
          >
            Next
          </Button>
        </Stack>
        <Typography
          variant="caption"
          sx={{ color: 'text.secondary', display: { xs: 'none', sm: 'block' }, mt: 0.5 }}
        >
          Keys: ← previous, → next, Esc back to the learner card.
        </Typography>
      </Box>
      <Card variant="outlined" sx={{ flex: 1, p: 2, width: '100%' }}>
        <FlagPanel
          flag={flag}
          caption={caption}
          canDecide={detail.abilities.decide}
          onDecide={(f, decision) => setDeciding({ flag: f, decision })}
        />
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 2 }}>
          {EVIDENCE_KIND[evidence.kind].label} · {formatTime(evidence.created_at)} ·{' '}
          {Math.max(1, Math.round(evidence.size / 1024))} KB
        </Typography>
      </Card>
      <FlagDecisionDialog
        session={detail.session}
        request={deciding}
        onClose={() => setDeciding(null)}
      />
    </Stack>
  );
}

function FlagPanel({
  flag,
  caption,
  canDecide,
  onDecide,
}: {
  flag: TProctoringFlag | null;
  caption: string;
  canDecide: boolean;
  onDecide: (flag: TProctoringFlag, decision: FlagDecision) => void;
}) {
  if (!flag) {
    return (
      <Stack spacing={1}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Identity check
        </Typography>
        <Typography variant="body2">{caption}, taken before the attempt.</Typography>
      </Stack>
    );
  }
  const Icon = FLAG_TYPE[flag.type]?.icon;
  return (
    <Stack spacing={1.25} sx={{ alignItems: 'flex-start' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {Icon && <Icon aria-hidden />}
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {flagTypeLabel(flag.type)}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {formatTime(flag.occurred_at)}
        {flag.type !== 'monitoring_stopped' && ` · confidence ${percent(flag.confidence)}`}
      </Typography>
      {flag.detail && <Typography variant="body2">{flag.detail}</Typography>}
      <DecisionChip decision={flag.decision} />
      {flag.decision !== 'pending' && (flag.comment || flag.decided_by) && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {flag.decided_by ? `${flag.decided_by.name}` : 'A proctor'}
          {flag.comment ? `: “${flag.comment}”` : ''}
        </Typography>
      )}
      {canDecide && <FlagActions flag={flag} onDecide={onDecide} />}
    </Stack>
  );
}
