import type { TAttemptResult, TResultItem } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDuration } from '../../../shared/format/duration.ts';
import { downloadAttemptFile } from '../api/attempts.api.ts';
import { QuestionHtml, QuestionRenderer, type QuestionReview } from '../questions/index.ts';
import { formatDateTime, percentLabel } from '../taking/labels.ts';

/**
 * What a question shows of its review: each part only when `visible` allows it, whatever the
 * response holds (the server hides them too; this keeps a slip on either side from showing).
 */
export function reviewOf(item: TResultItem, visible: TAttemptResult['visible']): QuestionReview {
  return {
    correct: visible.correctness ? item.correct : null,
    solution: visible.correctness ? item.solution : null,
    score: visible.score ? item.score : null,
    feedback: visible.feedback ? item.feedback : null,
    reviewer_feedback: visible.feedback ? item.reviewer_feedback : null,
    pending: item.pending,
  };
}

function Summary({ result }: { result: TAttemptResult }) {
  const { visible } = result;
  const scored = visible.score && result.score !== null && result.max_score !== null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 3, alignItems: { sm: 'center' } }}>
        {scored ? (
          <Box sx={{ flex: 1 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Score
            </Typography>
            <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
              <Typography sx={{ fontSize: '2rem', fontWeight: 700 }}>
                {result.score} / {result.max_score}
              </Typography>
              {result.percent !== null && (
                <Typography sx={{ fontSize: '1.25rem', color: 'text.secondary' }}>
                  {percentLabel(result.percent)}
                </Typography>
              )}
              {result.passed !== null && (
                <Chip
                  color={result.passed ? 'success' : 'error'}
                  label={result.passed ? 'Passed' : 'Not passed'}
                />
              )}
            </Stack>
            {result.percent !== null && (
              <LinearProgress
                variant="determinate"
                value={Math.min(100, Math.max(0, result.percent))}
                color={result.passed === false ? 'error' : 'success'}
                aria-label="Score"
                aria-valuetext={percentLabel(result.percent)}
                sx={{ height: 10, borderRadius: 5, mt: 1, maxWidth: 420 }}
              />
            )}
          </Box>
        ) : (
          <Typography sx={{ flex: 1 }}>
            {result.status === 'submitted' || result.pending_manual > 0
              ? 'Your attempt is submitted.'
              : 'Your score is not shown yet.'}
          </Typography>
        )}
        <Stack sx={{ gap: 0.5, color: 'text.secondary' }}>
          {result.submitted_at && (
            <Typography variant="body2">Submitted {formatDateTime(result.submitted_at)}</Typography>
          )}
          {result.time_taken_seconds !== null && (
            <Typography variant="body2">
              Time taken {formatDuration(result.time_taken_seconds)}
            </Typography>
          )}
          {result.submitted_by === 'timeout' && (
            <Typography variant="body2">Submitted when the time ran out</Typography>
          )}
        </Stack>
      </Stack>
      {result.pending_manual > 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {result.pending_manual === 1 ? 'One answer is' : `${result.pending_manual} answers are`}{' '}
          waiting for a reviewer; your score may change once they are graded.
        </Alert>
      )}
      {visible.score && result.message && (
        <Alert severity="success" icon={false} sx={{ mt: 2 }}>
          <QuestionHtml html={result.message} />
        </Alert>
      )}
    </Paper>
  );
}

/**
 * An attempt's result as its review options allow: the summary, what the page adds after it (the
 * proctoring review), then each question reviewed.
 */
export function AttemptResultView({
  result,
  afterSummary,
}: {
  result: TAttemptResult;
  afterSummary?: ReactNode;
}) {
  const items = result.pages.flatMap((p) => p.items);
  const numberOf = new Map(items.map((it, i) => [it.item, i + 1]));
  return (
    <Stack sx={{ gap: 3 }}>
      <Summary result={result} />
      {afterSummary}
      {result.visible.responses && items.length > 0 ? (
        result.pages.map((page) => (
          <Stack
            key={`page-${page.items[0]?.item ?? page.title}`}
            component="section"
            sx={{ gap: 2 }}
          >
            {page.title && (
              <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
                {page.title}
              </Typography>
            )}
            {page.items.map((it) => (
              <QuestionRenderer
                key={it.item}
                view={it.question}
                answer={it.answer}
                mode="review"
                number={numberOf.get(it.item)}
                points={it.points}
                review={reviewOf(it, result.visible)}
                files={{ download: (file) => downloadAttemptFile(result.id, file) }}
              />
            ))}
          </Stack>
        ))
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>
          Your answers are not shown for this assessment at this time.
        </Typography>
      )}
    </Stack>
  );
}
