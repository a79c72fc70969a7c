import type { TQuestionAnswer, TQuestionType, TQuestionView } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ComponentType, type ReactNode, useId, useState } from 'react';
import { FillInBlanksQuestion } from './blanks-question.tsx';
import {
  MultipleChoiceQuestion,
  SingleChoiceQuestion,
  TrueFalseQuestion,
} from './choice-questions.tsx';
import { FileUploadQuestion } from './file-question.tsx';
import { MatchingQuestion } from './matching-question.tsx';
import { OrderingQuestion } from './ordering-question.tsx';
import { QuestionHtml } from './question-html.tsx';
import {
  type FileTools,
  pointsLabel,
  type QuestionMode,
  type QuestionReview,
  type TypeProps,
} from './question-model.ts';
import { EssayQuestion, NumericQuestion, ShortAnswerQuestion } from './text-questions.tsx';

const COMPONENTS: { [T in TQuestionType]: ComponentType<TypeProps<T>> } = {
  single_choice: SingleChoiceQuestion,
  multiple_choice: MultipleChoiceQuestion,
  true_false: TrueFalseQuestion,
  short_answer: ShortAnswerQuestion,
  numeric: NumericQuestion,
  matching: MatchingQuestion,
  ordering: OrderingQuestion,
  fill_in_blanks: FillInBlanksQuestion,
  essay: EssayQuestion,
  file_upload: FileUploadQuestion,
};

export interface QuestionRendererProps {
  view: TQuestionView;
  /** The learner's answer (null: none yet). Controlled: changes come back through onChange. */
  answer: TQuestionAnswer | null;
  onChange?: (answer: TQuestionAnswer) => void;
  mode: QuestionMode;
  /** Its number in the attempt, for the heading. */
  number?: number;
  /** The points it is worth here (an attempt may weigh it differently from the bank). */
  points?: number;
  /** Review mode: what the result shows of it. */
  review?: QuestionReview;
  files?: FileTools;
  /** Actions beside the heading (the flag toggle while answering). */
  actions?: ReactNode;
  /** Shown under the question (the feedback given during the attempt). */
  footer?: ReactNode;
}

/** The review summary: right or wrong, the score, waiting for a reviewer. */
function ReviewSummary({ review, points }: { review: QuestionReview; points: number }) {
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      {review.pending ? (
        <Chip size="small" color="info" label="Waiting for a reviewer" />
      ) : review.correct === true ? (
        <Chip size="small" color="success" label="Correct" />
      ) : review.correct === false && review.score !== null && review.score > 0 ? (
        // Partial credit (a graded essay, per-option scoring) is not simply wrong.
        <Chip size="small" color="warning" label="Partly correct" />
      ) : review.correct === false ? (
        <Chip size="small" color="error" label="Incorrect" />
      ) : null}
      {review.score !== null && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {review.score} / {points}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * One question of any type, in answer, review or preview mode. Answer mode is controlled by the
 * screen that saves; a preview without onChange keeps its answer here, so authors can try it.
 */
export function QuestionRenderer({
  view,
  answer,
  onChange,
  mode,
  number,
  points = view.points,
  review,
  files,
  actions,
  footer,
}: QuestionRendererProps) {
  const labelId = useId();
  const [local, setLocal] = useState<TQuestionAnswer | null>(answer);
  const controlled = mode !== 'preview' || onChange !== undefined;
  const current = controlled ? answer : local;
  const readOnly = mode === 'review';
  const change = (next: TQuestionAnswer) => {
    if (readOnly) return;
    if (!controlled) setLocal(next);
    onChange?.(next);
  };
  const Component = COMPONENTS[view.type] as ComponentType<TypeProps<TQuestionType>>;
  const solution = review?.solution?.type === view.type ? review.solution : null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${labelId}-heading`}
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
        <Typography
          id={`${labelId}-heading`}
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 700 }}
        >
          {number !== undefined ? `Question ${number}` : 'Question'}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
          {pointsLabel(points)}
        </Typography>
        {review && <ReviewSummary review={review} points={points} />}
        {actions}
      </Stack>
      <QuestionHtml id={labelId} html={view.stem} sx={{ mb: 2 }} />
      <Component
        view={view}
        answer={current?.type === view.type ? current : null}
        onChange={change}
        readOnly={readOnly}
        solution={solution}
        labelId={labelId}
        files={files}
      />
      {review?.feedback && (
        <Alert severity="info" icon={false} sx={{ mt: 2 }}>
          <QuestionHtml html={review.feedback} />
        </Alert>
      )}
      {review?.reviewer_feedback && (
        <Alert severity="success" icon={false} sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="p">
            Reviewer’s feedback
          </Typography>
          <QuestionHtml html={review.reviewer_feedback} />
        </Alert>
      )}
      {(view.type === 'essay' || view.type === 'file_upload') &&
        view.rubric.length > 0 &&
        mode !== 'review' && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
            Graded on: {view.rubric.map((c) => `${c.title} (${pointsLabel(c.points)})`).join(', ')}
          </Typography>
        )}
      {footer}
    </Paper>
  );
}
