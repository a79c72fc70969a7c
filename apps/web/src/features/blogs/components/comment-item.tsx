import { BLOG_COMMENT_MAX, type TBlogComment } from '@atrium/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { formatRelativeTime } from '../../../shared/format/relative-time.ts';
import { notifyError } from '../../../shared/notify/notify.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { useDeleteComment, useEditComment } from '../api/blogs.api.ts';
import { BLOG_MESSAGES } from '../labels.ts';
import { ModerationLabel } from './moderation-label.tsx';
import { PersonLine } from './person-line.tsx';

/** One comment: its author and time, the text (or its edit box), Edit and Delete per abilities. */
export function CommentItem({ postId, comment }: { postId: number; comment: TBlogComment }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.body);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const edit = useEditComment(postId);
  const remove = useDeleteComment(postId);

  const save = () => {
    setError(null);
    edit.mutate(
      { id: comment.id, body: text },
      {
        onSuccess: () => setEditing(false),
        onError: (e) => setError(errorMessage(e, BLOG_MESSAGES.saveFailed)),
      },
    );
  };

  return (
    <Stack
      component="li"
      id={`comment-${comment.id}`}
      spacing={0.75}
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', listStyle: 'none' }}
      aria-label={`Comment by ${comment.author.fullname}`}
    >
      <PersonLine person={comment.author} size={28}>
        {' · '}
        <time dateTime={comment.created_at}>{formatRelativeTime(comment.created_at)}</time>
        {comment.edited_at && ' · edited'}
      </PersonLine>
      <ModerationLabel state={comment.moderation_state} />
      {editing ? (
        <Stack spacing={1}>
          <TextField
            label="Edit your comment"
            value={text}
            onChange={(e) => setText(e.target.value)}
            multiline
            minRows={2}
            error={Boolean(error)}
            helperText={error ?? undefined}
            slotProps={{ htmlInput: { maxLength: BLOG_COMMENT_MAX } }}
          />
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              size="small"
              onClick={save}
              loading={edit.isPending}
              disabled={!text.trim()}
            >
              Save
            </Button>
            <Button
              size="small"
              onClick={() => {
                setEditing(false);
                setText(comment.body);
                setError(null);
              }}
            >
              Cancel
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.body}
        </Typography>
      )}
      {!editing && (comment.abilities.edit || comment.abilities.delete) && (
        <Stack direction="row" spacing={1}>
          {comment.abilities.edit && (
            <Button size="small" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
          {comment.abilities.delete && (
            <Button size="small" color="error" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          )}
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete this comment?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(comment.id, {
            onSuccess: () => setConfirming(false),
            onError: (e) => {
              setConfirming(false);
              notifyError(errorMessage(e, BLOG_MESSAGES.deleteFailed));
            },
          })
        }
      >
        The comment is removed for everyone.
      </ConfirmDialog>
    </Stack>
  );
}
