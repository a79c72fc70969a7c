import { DISCUSSION_BODY_MAX, plainTextError } from '@atrium/contract';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { EmptyState } from '../../../../shared/ui/section-card.tsx';
import { COURSE_MESSAGES } from '../../../catalogue/index.ts';
import { useAskQuestion, useCourseQuestions } from '../../api/learning.api.ts';
import { ListPager } from './assignments-panel.tsx';
import { QuestionCard } from './question-card.tsx';

function AskForm({ courseId, onPosted }: { courseId: number; onPosted: () => void }) {
  const ask = useAskQuestion(courseId);
  const [body, setBody] = useState('');
  const bodyError = plainTextError(body);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim() || bodyError) return;
    ask.mutate(body.trim(), {
      onSuccess: () => {
        setBody('');
        onPosted();
      },
    });
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Ask a question">
      <Stack spacing={1}>
        <TextField
          label="Ask a question about this course"
          multiline
          minRows={2}
          maxRows={8}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          error={Boolean(bodyError)}
          helperText={bodyError}
          slotProps={{ htmlInput: { maxLength: DISCUSSION_BODY_MAX } }}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            loading={ask.isPending}
            disabled={!body.trim() || Boolean(bodyError)}
          >
            Post question
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** The course's questions and answers, newest first. */
export function DiscussionPanel({ courseId }: { courseId: number }) {
  const [page, setPage] = useState(1);
  const list = useCourseQuestions(courseId, page);

  let content: React.ReactNode;
  if (list.isPending) {
    content = (
      <Stack spacing={1.5} aria-busy>
        <Skeleton variant="rounded" height={88} />
        <Skeleton variant="rounded" height={88} />
      </Stack>
    );
  } else if (list.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(list.error, COURSE_MESSAGES.moduleFailed)}
      </Alert>
    );
  } else if (list.data.count === 0) {
    content = (
      <EmptyState icon={<ForumOutlined sx={{ fontSize: 40 }} aria-hidden />}>
        No questions yet. Ask the first one.
      </EmptyState>
    );
  } else {
    content = (
      <Stack spacing={1.5}>
        {list.data.results.map((question) => (
          <QuestionCard key={question.id} question={question} courseId={courseId} />
        ))}
        <ListPager count={list.data.count} page={page} onPage={setPage} label="Question pages" />
      </Stack>
    );
  }

  return (
    <Stack spacing={2.5}>
      <AskForm courseId={courseId} onPosted={() => setPage(1)} />
      {content}
    </Stack>
  );
}
