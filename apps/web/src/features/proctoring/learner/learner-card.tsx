import type { TProctorDetail } from '@atrium/contract';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { OutcomeChip, StatusChip } from '../components/chips.tsx';
import { RelativeTime } from '../components/relative-time.tsx';
import { formatTime, MODE, plural } from '../labels.tsx';
import { evidenceUrl } from '../urls.ts';
import { AttemptDecision } from './attempt-decision.tsx';
import { FlagDecisionDialog, type FlagDecisionRequest } from './flag-decision-dialog.tsx';
import { FlagList } from './flag-list.tsx';
import { IdentitySection } from './identity-section.tsx';
import { MessageForm } from './message-form.tsx';
import { Timeline } from './timeline.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * One learner's proctoring: who they are, what was flagged with its evidence, the decisions and
 * the timeline. Actions appear only as `abilities` allow.
 */
export function LearnerCard({
  detail,
  assessment,
  group,
}: {
  detail: TProctorDetail;
  assessment: number;
  group: number;
}) {
  const [deciding, setDeciding] = useState<FlagDecisionRequest | null>(null);
  const evidenceTo = (evidence: number) => evidenceUrl(assessment, group, evidence, detail.session);
  const pending = detail.flags.filter((f) => f.decision === 'pending').length;

  return (
    <>
      <Stack spacing={3} divider={<Divider flexItem />}>
        <Stack spacing={1}>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {detail.learner.email}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <StatusChip status={detail.status} />
            {detail.outcome && <OutcomeChip outcome={detail.outcome} />}
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {MODE[detail.mode].label} mode · started {formatTime(detail.started_at)} · last seen{' '}
            <RelativeTime iso={detail.last_seen_at} />
          </Typography>
        </Stack>
        <Section title="Identity">
          <IdentitySection
            identity={detail.identity}
            learner={detail.learner.name}
            evidenceTo={evidenceTo}
          />
        </Section>
        <Section
          title={`Flags${detail.flags.length ? ` (${plural(pending, 'to review', 'to review')})` : ''}`}
        >
          <FlagList
            flags={detail.flags}
            canDecide={detail.abilities.decide}
            evidenceTo={evidenceTo}
            onDecide={(flag, decision) => setDeciding({ flag, decision })}
          />
        </Section>
        <Section title="Decision on the attempt">
          <AttemptDecision key={`${detail.outcome}-${detail.decided_at}`} detail={detail} />
        </Section>
        {detail.abilities.message && (
          <Section title="Message the learner">
            <MessageForm session={detail.session} learner={detail.learner.name} />
          </Section>
        )}
        <Section title="Timeline">
          <Timeline entries={detail.timeline} />
        </Section>
      </Stack>
      <FlagDecisionDialog
        session={detail.session}
        request={deciding}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}
