import { CHECK_STATUS_LABELS } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useCheck } from '../api/plagiarism.api.ts';
import { DECISION_LABELS, MatchDecision } from '../components/match-decision.tsx';
import { ScoreChip } from '../components/score-chip.tsx';
import { SettingsButton } from '../components/settings-dialog.tsx';
import { SideBySide } from '../components/side-by-side.tsx';

/** `/plagiarism/:id`: one checked submission, its matches, and the chosen match side by side. */
export default function CheckPage() {
  const id = Number(useParams().id);
  const check = useCheck(id);
  const [picked, setPicked] = useState<number | null>(null);
  const back = (
    <Button component={Link} to="/plagiarism" variant="outlined">
      All checks
    </Button>
  );

  if (check.isPending)
    return (
      <PageContainer maxWidth={1280}>
        <Skeleton variant="text" width="40%" height={48} />
        <Skeleton variant="rounded" height={320} aria-label="Loading the check" />
      </PageContainer>
    );
  if (check.isError)
    return (
      <PageContainer maxWidth={1280}>
        <PageHeader title="Similarity check" actions={back} />
        <LoadError
          error={check.error}
          fallback="The check could not be loaded."
          onRetry={() => check.refetch()}
        />
      </PageContainer>
    );

  const c = check.data;
  const match = c.matches.find((m) => m.id === picked) ?? c.matches[0];
  return (
    <PageContainer maxWidth={1280}>
      <PageHeader
        title={c.learner.fullname}
        subtitle={`${c.course.title} · ${c.assignment.title} · submitted ${new Date(c.submitted_at).toLocaleString()}`}
        actions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <ScoreChip check={c} />
            {c.abilities.configure && <SettingsButton assignment={c.assignment} />}
            {back}
          </Stack>
        }
      />
      {c.status === 'failed' ? (
        <Alert severity="error">The submission could not be checked: {c.error}</Alert>
      ) : c.status !== 'done' ? (
        <Alert severity="info">
          {CHECK_STATUS_LABELS[c.status]}: the submission is being read and compared. Come back in a
          moment.
        </Alert>
      ) : !match ? (
        <Alert severity="success">
          No other submission of the organisation shares passages with this one.
        </Alert>
      ) : (
        <Stack spacing={2}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Overall: {c.score} % of this submission is found in other submissions (threshold{' '}
            {c.threshold} %). Click a numbered passage to see its pair.
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <Paper variant="outlined" sx={{ width: { md: 320 }, flexShrink: 0 }}>
              <List aria-label="Matching submissions" dense>
                {c.matches.map((m) => (
                  <ListItem key={m.id} disablePadding>
                    <ListItemButton selected={m.id === match.id} onClick={() => setPicked(m.id)}>
                      <ListItemText
                        primary={`${m.score} % · ${m.other_visible ? m.other.learner.fullname : 'Another course'}`}
                        secondary={`${m.other.course.title} · ${m.other.assignment.title} · ${DECISION_LABELS[m.decision]}`}
                      />
                      {m.decision === 'flagged' && (
                        <Chip size="small" color="warning" label="Flagged" />
                      )}
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Paper>
            <Paper variant="outlined" sx={{ flex: 1, p: 2 }}>
              <MatchDecision key={match.id} match={match} canDecide={c.abilities.decide} />
            </Paper>
          </Stack>
          <SideBySide
            text={c.text}
            match={match}
            mineTitle={`${c.learner.fullname} (this submission)`}
          />
        </Stack>
      )}
    </PageContainer>
  );
}
