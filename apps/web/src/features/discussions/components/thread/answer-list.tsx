import type { TDiscussion } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { ANSWER_PAGE_SIZE, useAnswers, usePostAnswer } from '../../api/discussions.api.ts';
import { DISCUSSION_MESSAGES, plural } from '../../labels.ts';
import { AnswerForm } from './answer-composer.tsx';
import { AnswerItem } from './answer-item.tsx';

/**
 * A topic's answers, oldest first, each with its replies one level down; a reply box opens
 * under the answer being replied to, and the caller's own answer goes at the bottom.
 */
export function AnswerList({ topic }: { topic: TDiscussion }) {
  const [page, setPage] = useState(1);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const answers = useAnswers(topic.id, page);
  const post = usePostAnswer(topic.id);
  const count = answers.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / ANSWER_PAGE_SIZE));

  let content: React.ReactNode;
  if (answers.isError && !answers.data) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void answers.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(answers.error, DISCUSSION_MESSAGES.answersFailed)}
      </Alert>
    );
  } else if (!answers.data) {
    content = (
      <Stack spacing={2} role="status" aria-busy aria-label="Loading answers">
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={96} />
      </Stack>
    );
  } else if (answers.data.results.length === 0) {
    content = (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No answers yet.
        {topic.abilities.answer && ' Be the first to answer.'}
      </Typography>
    );
  } else {
    content = (
      <Stack component="ol" spacing={2.5} sx={{ m: 0, p: 0 }} aria-label="Answers">
        {answers.data.results.map((thread, index) => (
          <Box component="li" key={thread.id} sx={{ listStyle: 'none' }}>
            {index > 0 && <Divider sx={{ mb: 2.5 }} />}
            <AnswerItem
              answer={thread}
              discussionId={topic.id}
              onReply={() => setReplyTo(thread.id)}
            />
            {(thread.replies.length > 0 || replyTo === thread.id) && (
              <Stack
                spacing={2}
                sx={{
                  mt: 2,
                  ml: { xs: 1.5, sm: 6 },
                  pl: { xs: 1.5, sm: 2 },
                  borderLeft: 2,
                  borderColor: 'divider',
                }}
              >
                {thread.replies.length > 0 && (
                  <Stack
                    component="ol"
                    spacing={2}
                    sx={{ m: 0, p: 0, listStyle: 'none' }}
                    aria-label={`Replies to ${thread.user.fullname}`}
                  >
                    {thread.replies.map((reply) => (
                      <li key={reply.id}>
                        <AnswerItem answer={reply} discussionId={topic.id} />
                      </li>
                    ))}
                  </Stack>
                )}
                {replyTo === thread.id && (
                  <AnswerForm
                    label={`Reply to ${thread.user.fullname}`}
                    submitLabel="Reply"
                    onCancel={() => setReplyTo(null)}
                    onSubmit={async (body) => {
                      await post.mutateAsync({ parent: thread.id, body });
                      setReplyTo(null);
                    }}
                  />
                )}
              </Stack>
            )}
          </Box>
        ))}
      </Stack>
    );
  }

  return (
    <Stack spacing={2.5}>
      <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>
        {plural(topic.answer_count, 'answer')}
      </Typography>
      {content}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_event, next) => setPage(next)}
          color="primary"
          siblingCount={0}
          sx={{ alignSelf: 'center' }}
          aria-label="Answer pages"
          getItemAriaLabel={(type, item, selected) =>
            type === 'page'
              ? `${selected ? '' : 'Go to '}page ${item} of answers`
              : `Go to ${type} page of answers`
          }
        />
      )}
      {topic.abilities.answer && (
        <>
          <Divider />
          <AnswerForm
            label="Your answer"
            submitLabel="Post answer"
            onSubmit={async (body) => {
              await post.mutateAsync({ parent: null, body });
              // Oldest first: a new answer is on the last page.
              setPage(Math.max(1, Math.ceil((count + 1) / ANSWER_PAGE_SIZE)));
            }}
          />
        </>
      )}
    </Stack>
  );
}
