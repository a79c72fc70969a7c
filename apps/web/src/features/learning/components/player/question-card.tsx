import {
  DISCUSSION_BODY_MAX,
  plainTextError,
  type TAnswer,
  type TQuestion,
} from '@atrium/contract';
import ThumbDown from '@mui/icons-material/ThumbDown';
import ThumbDownOutlined from '@mui/icons-material/ThumbDownOutlined';
import ThumbUp from '@mui/icons-material/ThumbUp';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useState } from 'react';
import { VisuallyHidden } from '../../../../shared/ui/visually-hidden.tsx';
import { useAnswerQuestion, useLikeQuestion, useReactToAnswer } from '../../api/learning.api.ts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('') || '?';

function Byline({ name, at, children }: { name: string; at: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5}>
      <Avatar
        sx={{
          width: 32,
          height: 32,
          fontSize: '0.85rem',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
        aria-hidden
      >
        {initials(name)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" component="p">
          {name}{' '}
          <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
            {new Date(at).toLocaleString()}
          </Typography>
        </Typography>
        {children}
      </Box>
    </Stack>
  );
}

function Body({ text }: { text: string }) {
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
      {text}
    </Typography>
  );
}

function AnswerItem({ answer, courseId }: { answer: TAnswer; courseId: number }) {
  const react = useReactToAnswer(courseId);
  // Pressing the reaction you already gave takes it back.
  const toggle = (value: 1 | -1) =>
    react.mutate({ answer: answer.id, value: answer.my_reaction === value ? 0 : value });
  return (
    <Byline name={answer.user.fullname} at={answer.created_at}>
      <Body text={answer.body} />
      <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
        <Button
          size="small"
          color="inherit"
          aria-pressed={answer.my_reaction === 1}
          startIcon={answer.my_reaction === 1 ? <ThumbUp color="primary" /> : <ThumbUpOutlined />}
          onClick={() => toggle(1)}
          disabled={react.isPending}
        >
          <VisuallyHidden>Helpful </VisuallyHidden>
          {answer.likes}
        </Button>
        <Button
          size="small"
          color="inherit"
          aria-pressed={answer.my_reaction === -1}
          startIcon={
            answer.my_reaction === -1 ? <ThumbDown color="primary" /> : <ThumbDownOutlined />
          }
          onClick={() => toggle(-1)}
          disabled={react.isPending}
        >
          <VisuallyHidden>Not helpful </VisuallyHidden>
          {answer.dislikes}
        </Button>
      </Stack>
    </Byline>
  );
}

function AnswerForm({ questionId, courseId }: { questionId: number; courseId: number }) {
  const post = useAnswerQuestion(courseId);
  const [body, setBody] = useState('');
  const bodyError = plainTextError(body);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim() || bodyError) return;
    post.mutate({ question: questionId, body: body.trim() }, { onSuccess: () => setBody('') });
  };
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label="Your answer"
          size="small"
          fullWidth
          multiline
          maxRows={6}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          error={Boolean(bodyError)}
          helperText={bodyError}
          slotProps={{ htmlInput: { maxLength: DISCUSSION_BODY_MAX } }}
        />
        <Button
          type="submit"
          variant="outlined"
          loading={post.isPending}
          disabled={!body.trim() || Boolean(bodyError)}
        >
          Answer
        </Button>
      </Stack>
    </Box>
  );
}

/** A question with its likes; its answers and the answer form open below it. */
export function QuestionCard({ question, courseId }: { question: TQuestion; courseId: number }) {
  const like = useLikeQuestion(courseId);
  const [open, setOpen] = useState(false);
  const answersId = `question-${question.id}-answers`;
  return (
    <Paper component="article" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}>
      <Byline name={question.user.fullname} at={question.created_at}>
        <Body text={question.body} />
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }} useFlexGap>
          <Button
            size="small"
            color="inherit"
            aria-pressed={question.liked_by_me}
            startIcon={question.liked_by_me ? <ThumbUp color="primary" /> : <ThumbUpOutlined />}
            onClick={() => like.mutate(question.id)}
            disabled={like.isPending}
          >
            <VisuallyHidden>Like </VisuallyHidden>
            {question.likes}
          </Button>
          <Button
            size="small"
            aria-expanded={open}
            aria-controls={answersId}
            onClick={() => setOpen((value) => !value)}
          >
            {question.answer_count === 1 ? '1 answer' : `${question.answer_count} answers`}
            {open ? ' · Hide' : ' · Show and reply'}
          </Button>
        </Stack>
      </Byline>
      <Collapse in={open} unmountOnExit>
        <Stack id={answersId} spacing={2} sx={{ mt: 2, pl: { xs: 0, sm: 5.5 } }}>
          {question.answers.map((answer) => (
            <AnswerItem key={answer.id} answer={answer} courseId={courseId} />
          ))}
          <AnswerForm questionId={question.id} courseId={courseId} />
        </Stack>
      </Collapse>
    </Paper>
  );
}
