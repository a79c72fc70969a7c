import type { ZGradingDetail } from '@atrium/contract';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { formatBytes } from '../../../shared/files/file-rules.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import { RichTextField } from '../../../shared/ui/rich-text/rich-text-field.tsx';
import { downloadAttemptFile, useGrade, useGradingDetail } from '../api/grading.api.ts';
import { QuestionHtml } from '../questions/index.ts';
import { type Criterion, checkGrade, type GradeDraft, rubricOf, total } from './grade-model.ts';

/* One answer to grade: the question, the learner's answer, the rubric or a score, feedback. */

type Detail = z.infer<typeof ZGradingDetail>;
export interface GradingTarget {
  attempt: number;
  item: number;
}

export function GradingPanel({
  target,
  onGraded,
}: {
  target: GradingTarget;
  /** After a grade is saved: the page moves on to the next pending answer. */
  onGraded: () => void;
}) {
  const detail = useGradingDetail(target);
  if (detail.isError)
    return (
      <Alert severity="error">{errorMessage(detail.error, 'Could not get the answer.')}</Alert>
    );
  if (!detail.data)
    return (
      <Stack spacing={2} aria-label="Loading the answer">
        <Skeleton variant="rounded" height={80} />
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={120} />
      </Stack>
    );
  return (
    <GradeForm key={`${target.attempt}-${target.item}`} detail={detail.data} onGraded={onGraded} />
  );
}

function initialDraft(detail: Detail, criteria: Criterion[]): GradeDraft {
  return {
    rubric: Object.fromEntries(
      criteria.map((c) => [
        c.id,
        detail.rubric?.[c.id] === undefined ? '' : String(detail.rubric[c.id]),
      ]),
    ),
    score: detail.score === null ? '' : String(detail.score),
    feedback: detail.feedback ?? '',
  };
}

function LearnerAnswer({ detail }: { detail: Detail }) {
  const answer = detail.answer;
  if (answer?.type === 'essay' && answer.text.trim() !== '')
    return <QuestionHtml html={answer.text} />;
  if (detail.files.length > 0)
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {detail.files.map((file) => (
          <Button
            key={file.id}
            variant="outlined"
            size="small"
            startIcon={<AttachFileOutlined />}
            onClick={() =>
              downloadAttemptFile(detail.attempt, file).catch((error: unknown) =>
                notifyError(errorMessage(error, 'Could not download the file.')),
              )
            }
            aria-label={`Download ${file.name}`}
          >
            {file.name} ({formatBytes(file.size)})
          </Button>
        ))}
      </Stack>
    );
  return (
    <Typography sx={{ color: 'text.secondary' }}>The learner left this unanswered.</Typography>
  );
}

function GradeForm({ detail, onGraded }: { detail: Detail; onGraded: () => void }) {
  const criteria = rubricOf(detail.definition);
  const [draft, setDraft] = useState(() => initialDraft(detail, criteria));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const grade = useGrade();
  const stem = typeof detail.definition.stem === 'string' ? detail.definition.stem : '';
  const notes =
    typeof detail.definition.reviewer_notes === 'string' ? detail.definition.reviewer_notes : '';

  const save = () => {
    const checked = checkGrade(draft, criteria, detail.max_score);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    grade.mutate(
      { attempt: detail.attempt, item: detail.item, body: checked.body },
      {
        onSuccess: (result) => {
          notifySuccess(
            result.attempt_graded
              ? `Graded ${result.score} / ${detail.max_score}. The attempt is fully graded and its result published.`
              : `Graded ${result.score} / ${detail.max_score}.`,
          );
          onGraded();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fieldErrors : {};
          setErrors(Object.fromEntries(Object.entries(fields).map(([k, m]) => [k, m.join(' ')])));
          setFailure(errorMessage(error, 'Could not save the grade.'));
        },
      },
    );
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      aria-label={`Grade ${detail.learner.fullname}’s answer`}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Box>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {detail.question.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {detail.learner.fullname} · {detail.assessment.title}
          {detail.submitted_at && ` · submitted ${new Date(detail.submitted_at).toLocaleString()}`}
        </Typography>
      </Box>
      <QuestionHtml html={stem} />
      {notes && <Alert severity="info">Reviewer notes: {notes}</Alert>}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          The learner’s answer
        </Typography>
        <LearnerAnswer detail={detail} />
      </Paper>
      <Divider />
      {failure && <Alert severity="error">{failure}</Alert>}
      {criteria.length > 0 ? (
        <Stack spacing={1.5}>
          <Typography variant="subtitle2" component="h3">
            Rubric
          </Typography>
          {criteria.map((c) => (
            <Stack key={c.id} direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Box sx={{ flex: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{c.title}</Typography>
                {c.description && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {c.description}
                  </Typography>
                )}
              </Box>
              <TextField
                label={`${c.title} points`}
                type="number"
                size="small"
                value={draft.rubric[c.id] ?? ''}
                onChange={(e) =>
                  setDraft({ ...draft, rubric: { ...draft.rubric, [c.id]: e.target.value } })
                }
                error={Boolean(errors[`rubric.${c.id}`])}
                helperText={errors[`rubric.${c.id}`] ?? `Out of ${c.points}`}
                slotProps={{ htmlInput: { min: 0, max: c.points, step: 'any' } }}
                sx={{ width: { sm: 160 } }}
              />
            </Stack>
          ))}
          <Chip
            sx={{ alignSelf: 'flex-start' }}
            label={`Total ${Math.round(total(draft, criteria) * 100) / 100} / ${detail.max_score}`}
          />
          {errors.rubric && <Alert severity="error">{errors.rubric}</Alert>}
        </Stack>
      ) : (
        <TextField
          label="Score"
          type="number"
          value={draft.score}
          onChange={(e) => setDraft({ ...draft, score: e.target.value })}
          error={Boolean(errors.score)}
          helperText={errors.score ?? `Out of ${detail.max_score}`}
          slotProps={{ htmlInput: { min: 0, max: detail.max_score, step: 'any' } }}
          sx={{ maxWidth: 200 }}
        />
      )}
      <RichTextField
        label="Feedback to the learner"
        value={draft.feedback}
        onChange={(feedback) => setDraft({ ...draft, feedback })}
        error={errors.feedback}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={grade.isPending}>
          {detail.score === null ? 'Save grade and next' : 'Update grade'}
        </Button>
      </Stack>
    </Stack>
  );
}
