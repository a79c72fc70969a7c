import type { TAttemptStart } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { QuestionHtml } from '../questions/index.ts';
import { AttemptsTable } from './attempts-table.tsx';
import {
  attemptsLabel,
  formatDateTime,
  GRADING_METHOD_LABELS,
  percentLabel,
  timeLimitLabel,
  windowLabel,
} from './labels.ts';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * The start page: what the assessment asks of the learner, their attempts so far, and Start (or
 * Resume) when the server allows it, otherwise its reason.
 */
export function StartView({
  start,
  busy,
  error,
  onStart,
  proctoring,
  startBlocked = false,
}: {
  start: TAttemptStart;
  busy: boolean;
  /** The server's refusal of the last start (a wrong password). */
  error: string | null;
  onStart: (password?: string) => void;
  /** A proctored assessment's consent and camera check, shown before Start. */
  proctoring?: ReactNode;
  /** Start waits for something the page asks first (the proctoring check). */
  startBlocked?: boolean;
}) {
  const { assessment: a, attempts } = start;
  const [password, setPassword] = useState('');
  const resuming = start.current !== null;
  const needsPassword = a.requires_password && !resuming;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onStart(needsPassword ? password : undefined);
  };
  const used = attempts.filter((x) => x.status !== 'not_started').length;
  return (
    <Stack sx={{ gap: 3 }}>
      <Box>
        <Typography
          variant="h1"
          sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
        >
          {a.title}
        </Typography>
        {a.course && (
          <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{a.course.title}</Typography>
        )}
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
        {a.instructions.trim() !== '' && <QuestionHtml html={a.instructions} sx={{ mb: 3 }} />}
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
          }}
        >
          <Fact label="Questions" value={String(a.question_count)} />
          <Fact label="Maximum score" value={String(a.max_score)} />
          <Fact label="Time limit" value={timeLimitLabel(a.time_limit_seconds)} />
          <Fact label="Pass mark" value={`${a.pass_mark}%`} />
          <Fact label="Available" value={windowLabel(a.opens_at, a.closes_at)} />
          <Fact label="Attempts" value={attemptsLabel(used, a.attempts_allowed)} />
          <Fact label="Grading" value={GRADING_METHOD_LABELS[a.grading_method]} />
          {start.final && (
            <Box>
              <Typography variant="body2" component="dt" sx={{ color: 'text.secondary' }}>
                Final grade
              </Typography>
              <Stack component="dd" direction="row" sx={{ m: 0, gap: 1, alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {percentLabel(start.final.percent)}
                </Typography>
                <Chip
                  size="small"
                  color={start.final.passed ? 'success' : 'error'}
                  label={start.final.passed ? 'Passed' : 'Not passed'}
                />
              </Stack>
            </Box>
          )}
        </Box>
      </Paper>

      {proctoring ??
        (a.proctored && (
          <Alert severity="info">
            This assessment is proctored: monitoring with your camera continues when you resume.
          </Alert>
        ))}
      {start.can_start || resuming ? (
        <Box component="form" onSubmit={submit} noValidate>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}
          >
            {needsPassword && (
              <TextField
                label="Password"
                type="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                required
                error={Boolean(error)}
                helperText={error ?? 'Your teacher gives you the password.'}
                autoComplete="off"
                sx={{ minWidth: { sm: 280 } }}
              />
            )}
            <Button
              type="submit"
              variant="contained"
              size="large"
              loading={busy}
              disabled={startBlocked || (needsPassword && password === '')}
              sx={{ mt: needsPassword ? { sm: 0.5 } : 0 }}
            >
              {resuming ? 'Resume attempt' : used > 0 ? 'Start a new attempt' : 'Start attempt'}
            </Button>
          </Stack>
          {error && !needsPassword && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
          {a.time_limit_seconds !== null && !resuming && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
              The timer starts when you press Start and keeps running if you leave the page.
            </Typography>
          )}
        </Box>
      ) : (
        <Alert severity="warning">
          {start.reason ?? 'You cannot start this assessment now.'}
          {start.next_attempt_at &&
            ` You may try again from ${formatDateTime(start.next_attempt_at)}.`}
        </Alert>
      )}

      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
          Your attempts
        </Typography>
        <AttemptsTable attempts={attempts} />
      </Box>
    </Stack>
  );
}
