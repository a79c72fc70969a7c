import { BLOG_COMMENT_MAX, ZBlogCommentCreate } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { useAddComment, useComments } from '../api/blogs.api.ts';
import { BLOG_MESSAGES } from '../labels.ts';
import { CommentItem } from './comment-item.tsx';

/** A post's comments, oldest first ("Show more" pages on), and the form when the caller may. */
export function CommentSection({
  postId,
  canComment,
  count,
}: {
  postId: number;
  canComment: boolean;
  count: number;
}) {
  const comments = useComments(postId);
  const add = useAddComment(postId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rows = comments.data?.pages.flatMap((p) => p.results) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The contract's own rule, so the form says what the server would.
    const parsed = ZBlogCommentCreate.safeParse({ body: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the comment.');
      return;
    }
    setError(null);
    add.mutate(parsed.data.body, {
      onSuccess: () => setText(''),
      onError: (e) =>
        setError(
          e instanceof ApiError && e.fieldErrors.body
            ? e.fieldErrors.body.join(' ')
            : errorMessage(e, BLOG_MESSAGES.saveFailed),
        ),
    });
  };

  return (
    <Stack component="section" aria-labelledby="blog-comments-title" spacing={1.5}>
      <Typography id="blog-comments-title" variant="h5" component="h2">
        Comments{count > 0 ? ` (${count})` : ''}
      </Typography>
      {canComment ? (
        <Stack component="form" spacing={1} onSubmit={submit} noValidate>
          <TextField
            label="Write a comment"
            value={text}
            onChange={(e) => setText(e.target.value)}
            multiline
            minRows={2}
            error={Boolean(error)}
            helperText={error ?? undefined}
            slotProps={{ htmlInput: { maxLength: BLOG_COMMENT_MAX } }}
          />
          <Button
            type="submit"
            variant="contained"
            loading={add.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            Comment
          </Button>
        </Stack>
      ) : null}
      {comments.isPending ? (
        <CircularProgress aria-label="Loading comments" size={28} />
      ) : comments.isError ? (
        <Alert severity="error">{errorMessage(comments.error, BLOG_MESSAGES.commentsFailed)}</Alert>
      ) : rows.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>
          {canComment ? 'No comments yet. Be the first.' : 'No comments.'}
        </Typography>
      ) : (
        <Stack component="ul" aria-label="Comments" sx={{ p: 0, m: 0 }}>
          {rows.map((c) => (
            <CommentItem key={c.id} postId={postId} comment={c} />
          ))}
        </Stack>
      )}
      {comments.hasNextPage && (
        <Button
          onClick={() => void comments.fetchNextPage()}
          loading={comments.isFetchingNextPage}
          sx={{ alignSelf: 'flex-start' }}
        >
          Show more comments
        </Button>
      )}
    </Stack>
  );
}
