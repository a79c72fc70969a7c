import type { TAttemptResult, TAttemptSession } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  ProctoringIndicator,
  ProctoringNotices,
  type ProctoringStart,
  useAttemptProctoring,
} from '../../proctoring/index.ts';
import { isAnswered, QuestionHtml } from '../questions/index.ts';
import { Countdown, SaveIndicator } from './attempt-status.tsx';
import { describeSeconds, warningCrossed } from './countdown.ts';
import { PageQuestions } from './page-questions.tsx';
import { QuestionNavigator } from './question-navigator.tsx';
import { ConflictDialog, SubmitDialog } from './submit-dialog.tsx';
import { useAttempt } from './use-attempt.ts';

const OFFLINE_MESSAGE =
  'You are offline — your answers are kept on this device and will be sent when you are back.';

/** The 5- and 1-minute warnings, each shown once as the countdown crosses it. */
function useTimeWarning(remaining: number | null) {
  const before = useRef(remaining);
  const [warning, setWarning] = useState<string | null>(null);
  useEffect(() => {
    const crossed = warningCrossed(before.current, remaining);
    before.current = remaining;
    if (crossed)
      setWarning(`${crossed === 5 ? '5 minutes' : '1 minute'} left. Check your answers.`);
  }, [remaining]);
  return [warning, () => setWarning(null)] as const;
}

/**
 * The attempt in a focused layout: the clock and save state in a bar that stays in view, the
 * navigator, one page of questions at a time, and Submit with its confirmation. A proctored
 * attempt is monitored while this screen is mounted; its troubles show beside the questions and
 * never stop the learner from answering.
 */
export function AttemptScreen({
  initial,
  uuid,
  onSubmitted,
  onClosed,
  proctored = false,
  proctoringStart = null,
}: {
  initial: TAttemptSession;
  uuid: string;
  onSubmitted: (result: TAttemptResult) => void;
  onClosed: (attemptId: number) => void;
  proctored?: boolean;
  /** The start page's camera and identity photos (none after a reload). */
  proctoringStart?: ProctoringStart | null;
}) {
  const a = useAttempt({ initial, uuid, onSubmitted, onClosed });
  const proctoring = useAttemptProctoring({
    attempt: initial.attempt.id,
    enabled: proctored,
    start: proctoringStart,
  });
  const { attempt } = a;
  const [page, setPage] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [focusItem, setFocusItem] = useState<number | null>(null);
  const [warning, dismissWarning] = useTimeWarning(a.remaining);

  const numbered = useMemo(
    () => attempt.pages.flatMap((p, pageIndex) => p.items.map((it) => ({ ...it, pageIndex }))),
    [attempt.pages],
  );
  const numberOf = useMemo(() => new Map(numbered.map((it, i) => [it.item, i + 1])), [numbered]);
  const current = attempt.pages[page] ?? attempt.pages[0];
  const lastPage = attempt.pages.length - 1;

  useEffect(() => {
    if (focusItem === null) return;
    const el = document.getElementById(`attempt-item-${focusItem}`);
    el?.scrollIntoView({ block: 'start' });
    el?.focus();
    setFocusItem(null);
  }, [focusItem]);

  const goTo = (pageIndex: number) => {
    setPage(pageIndex);
    window.scrollTo?.({ top: 0 });
  };
  const unanswered = numbered
    .filter((it) => !isAnswered(a.answers[it.item]))
    .map((it) => numberOf.get(it.item) ?? 0);
  const flagged = numbered.filter((it) => a.flags[it.item]).map((it) => numberOf.get(it.item) ?? 0);

  return (
    <Box>
      <Paper
        square
        elevation={0}
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: (t) => t.zIndex.appBar,
          borderBottom: 1,
          borderColor: 'divider',
          px: { xs: 1.5, sm: 3 },
          py: 1,
        }}
      >
        <Stack
          direction="row"
          sx={{ alignItems: 'center', gap: { xs: 1, sm: 2 }, flexWrap: 'wrap' }}
        >
          <Typography
            variant="h1"
            // A phone gives the title its own line: beside the clock and Submit it kept 5 letters.
            sx={{
              fontSize: { xs: '1rem', sm: '1.25rem' },
              flex: { xs: '1 1 100%', sm: '1 1 0' },
              minWidth: 0,
              fontWeight: 700,
            }}
            noWrap
          >
            {attempt.assessment.title}
          </Typography>
          <SaveIndicator save={a.save} online={a.online} />
          {proctoring.state && <ProctoringIndicator state={proctoring.state} />}
          {a.remaining !== null && <Countdown seconds={a.remaining} />}
          <Button
            variant="contained"
            onClick={() => setConfirming(true)}
            disabled={a.submitting}
            sx={{ ml: { xs: 'auto', sm: 0 } }}
          >
            Submit
          </Button>
        </Stack>
      </Paper>

      <Box sx={{ maxWidth: 1200, mx: 'auto', p: { xs: 1.5, sm: 3 } }}>
        <Stack sx={{ gap: 1.5, mb: 2 }}>
          <ProctoringNotices proctoring={proctoring} />
          {(!a.online || a.save.status === 'offline') && (
            <Alert severity="warning">{OFFLINE_MESSAGE}</Alert>
          )}
          {warning && !a.timeUp && (
            <Alert severity="warning" role="alert" onClose={dismissWarning}>
              {warning}
            </Alert>
          )}
          {a.timeUp && (
            <Alert
              severity="error"
              role="alert"
              action={
                <Button color="inherit" onClick={() => void a.submit()} loading={a.submitting}>
                  Submit now
                </Button>
              }
            >
              Time is up. Your answers can no longer change; submit your attempt
              {a.graceLeft !== null ? ` within ${describeSeconds(a.graceLeft)}` : ''}.
            </Alert>
          )}
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 3, alignItems: 'flex-start' }}>
          <Paper
            variant="outlined"
            sx={{
              p: 2,
              borderRadius: 3,
              width: { xs: '100%', md: 240 },
              flexShrink: 0,
              position: { md: 'sticky' },
              top: { md: 80 },
            }}
          >
            <QuestionNavigator
              entries={numbered.map((it, i) => ({
                item: it.item,
                number: i + 1,
                answered: isAnswered(a.answers[it.item]),
                flagged: Boolean(a.flags[it.item]),
                current: it.pageIndex === page,
              }))}
              onGo={(item) => {
                const target = numbered.find((it) => it.item === item);
                if (target) setPage(target.pageIndex);
                setFocusItem(item);
              }}
            />
          </Paper>
          <Stack sx={{ gap: 2, flex: 1, minWidth: 0, width: '100%' }}>
            {current && (current.title || current.description) && (
              <Box>
                {current.title && (
                  <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
                    {current.title}
                  </Typography>
                )}
                {current.description && <QuestionHtml html={current.description} />}
              </Box>
            )}
            {current && (
              <PageQuestions
                attemptId={attempt.id}
                items={current.items}
                numberOf={numberOf}
                answers={a.answers}
                flags={a.flags}
                timeUp={a.timeUp}
                setAnswer={a.setAnswer}
                toggleFlag={a.toggleFlag}
              />
            )}
            <Stack
              direction="row"
              sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
            >
              <Button variant="outlined" disabled={page === 0} onClick={() => goTo(page - 1)}>
                Previous
              </Button>
              <Typography sx={{ alignSelf: 'center', color: 'text.secondary' }}>
                Page {page + 1} of {attempt.pages.length}
              </Typography>
              {page < lastPage ? (
                <Button variant="contained" onClick={() => goTo(page + 1)}>
                  Next
                </Button>
              ) : (
                <Button variant="contained" onClick={() => setConfirming(true)}>
                  Finish attempt
                </Button>
              )}
            </Stack>
          </Stack>
        </Stack>
      </Box>

      <SubmitDialog
        open={confirming}
        unanswered={unanswered}
        flagged={flagged}
        unsaved={a.save.pending}
        busy={a.submitting}
        onClose={() => setConfirming(false)}
        onConfirm={() => void a.submit()}
      />
      <ConflictDialog message={a.conflict} onTakeBack={() => void a.takeBack()} />
    </Box>
  );
}
