import type { TWallPost } from '@atrium/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { useAddComment, useComments } from '../../api/comments.api.ts';
import { plural, WALL_MESSAGES } from '../../labels.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentItem } from './comment-item.tsx';

/**
 * The post's newest comments as the feed gives them; "View all N comments" loads the whole
 * thread oldest first, a page at a time. The comment box sits below.
 */
export function CommentSection({
  post,
  expanded: startExpanded = false,
}: {
  post: TWallPost;
  /** Load every comment at once (the post's own page). */
  expanded?: boolean;
}) {
  const [expanded, setExpanded] = useState(startExpanded);
  const more = post.comment_count > post.comments.length;
  const all = useComments(post.id, expanded && more);
  const add = useAddComment(post.id);
  const loaded = all.data?.pages.flatMap((page) => page.results);
  const comments = expanded && more && loaded ? loaded : post.comments;

  return (
    <Stack spacing={1.5}>
      {more && !expanded && (
        <Button
          size="small"
          color="inherit"
          onClick={() => setExpanded(true)}
          sx={{ alignSelf: 'flex-start' }}
        >
          View all {plural(post.comment_count, 'comment')}
        </Button>
      )}
      {all.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void all.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(all.error, WALL_MESSAGES.commentsFailed)}
        </Alert>
      )}
      {comments.length > 0 && (
        <Stack
          component="ul"
          spacing={1.5}
          aria-label={`Comments on the post by ${post.user.fullname}`}
          aria-busy={all.isFetching}
          sx={{ p: 0, m: 0, listStyle: 'none' }}
        >
          {comments.map((c) => (
            <CommentItem key={c.id} comment={c} postId={post.id} />
          ))}
        </Stack>
      )}
      {expanded && all.hasNextPage && (
        <Button
          size="small"
          color="inherit"
          loading={all.isFetchingNextPage}
          onClick={() => void all.fetchNextPage()}
          sx={{ alignSelf: 'flex-start' }}
        >
          More comments
        </Button>
      )}
      {post.abilities.comment && (
        <CommentForm
          label="Write a comment"
          submitLabel="Post comment"
          onSubmit={(body) => add.mutateAsync(body)}
        />
      )}
    </Stack>
  );
}
