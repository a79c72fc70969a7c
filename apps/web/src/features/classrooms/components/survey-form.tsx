import { SURVEY_RATING, type TSurvey } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useAnswerSurvey, useSurvey } from '../api/requisites.api.ts';

/**
 * The post-session survey: a 1–5 rating, the class's questions and a comment. Once answered it
 * shows the answer; for anyone else it says why there is nothing to fill in.
 */
export function SurveyForm({ sessionId, onDone }: { sessionId: number; onDone?: () => void }) {
  const survey = useSurvey(sessionId);
  if (survey.isError) return <Alert severity="error">{errorMessage(survey.error)}</Alert>;
  if (!survey.data) return <Skeleton variant="rounded" height={160} />;
  return <SurveyFields survey={survey.data} onDone={onDone} />;
}

function SurveyFields({ survey, onDone }: { survey: TSurvey; onDone?: () => void }) {
  const [rating, setRating] = useState<number | null>(null);
  const [answers, setAnswers] = useState<string[]>(() => survey.questions.map(() => ''));
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const answer = useAnswerSurvey();
  const ratingId = useId();

  if (survey.my_response) {
    return (
      <Alert severity="success">
        Thank you: you rated this session {survey.my_response.rating} of {SURVEY_RATING.max}.
      </Alert>
    );
  }
  if (!survey.can_answer) {
    return (
      <Alert severity="info">
        The survey opens to learners who attended, once the session starts.
      </Alert>
    );
  }
  return (
    <form
      noValidate
      aria-label="Session survey"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (rating === null) return;
        answer.mutate(
          {
            session: survey.session,
            rating,
            answers: survey.questions.map((question, i) => ({
              question,
              answer: answers[i] ?? '',
            })),
            comment,
          },
          { onSuccess: () => onDone?.() },
        );
      }}
    >
      <Stack spacing={2}>
        {answer.isError && <Alert severity="error">{errorMessage(answer.error)}</Alert>}
        <Stack spacing={0.5}>
          <Typography id={ratingId} component="legend">
            How was the session?
          </Typography>
          <Rating
            name={`rating-${survey.session}`}
            value={rating}
            max={SURVEY_RATING.max}
            onChange={(_event, value) => setRating(value)}
            aria-labelledby={ratingId}
            size="large"
          />
          {tried && rating === null && (
            <Typography variant="body2" role="alert" sx={{ color: 'error.main' }}>
              Choose a rating from 1 to 5.
            </Typography>
          )}
        </Stack>
        {survey.questions.map((question, i) => (
          <TextField
            // biome-ignore lint/suspicious/noArrayIndexKey: the class's questions keep their order
            key={i}
            label={question}
            multiline
            minRows={2}
            value={answers[i] ?? ''}
            onChange={(event) =>
              setAnswers((all) => all.map((a, j) => (j === i ? event.target.value : a)))
            }
          />
        ))}
        <TextField
          label="Anything else?"
          multiline
          minRows={2}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={answer.isPending}>
            Send
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
