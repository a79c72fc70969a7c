import type { TWallComment } from '@atrium/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../../shared/session/session-context.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { ModerationStateChip, ReportDialog } from '../../../moderation/index.ts';
import { useRemoveComment, useUpdateComment } from '../../api/comments.api.ts';
import { profileUrl } from '../../labels.ts';
import { PersonAvatar } from '../person-avatar.tsx';
import { PostText } from '../post-text.tsx';
import { When } from '../when.tsx';
import { CommentForm } from './comment-form.tsx';

/**
 * One comment: who, when, the text; edit in place and delete (asked first) per `abilities`;
 * report (anyone but its author).
 */
export function CommentItem({ comment: c, postId }: { comment: TWallComment; postId: number }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const { user } = useSession();
  const canReport = user !== null && user !== undefined && user.id !== c.user.id;
  const update = useUpdateComment(postId);
  const remove = useRemoveComment(postId);
  return (
    <Box
      component="li"
      aria-label={`Comment by ${c.user.fullname}`}
      sx={{ display: 'flex', gap: 1, minWidth: 0 }}
    >
      <PersonAvatar person={c.user} size={32} />
      <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ bgcolor: 'action.hover', borderRadius: 2, px: 1.5, py: 1 }}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}
          >
            <Link
              component={RouterLink}
              to={profileUrl(c.user.id)}
              variant="subtitle2"
              underline="hover"
              sx={{ color: 'text.primary' }}
            >
              {c.user.fullname}
            </Link>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              <When iso={c.created_at} />
              {c.edited_at && ' · edited'}
            </Typography>
            <ModerationStateChip state={c.moderation_state} />
          </Stack>
          {editing ? (
            <Box sx={{ mt: 1 }}>
              <CommentForm
                label="Edit your comment"
                submitLabel="Save"
                initial={c.body}
                autoFocus
                secondary={
                  <Button size="small" color="inherit" onClick={() => setEditing(false)}>
                    Cancel
                  </Button>
                }
                onSubmit={async (body) => {
                  await update.mutateAsync({ id: c.id, body });
                  setEditing(false);
                }}
              />
            </Box>
          ) : (
            <PostText text={c.body} mentions={c.mentions} variant="body2" />
          )}
        </Box>
        {!editing && (c.abilities.edit || c.abilities.delete || canReport) && (
          <Stack direction="row" spacing={0.5}>
            {c.abilities.edit && (
              <Button
                size="small"
                color="inherit"
                onClick={() => setEditing(true)}
                aria-label={`Edit the comment by ${c.user.fullname}`}
              >
                Edit
              </Button>
            )}
            {c.abilities.delete && (
              <Button
                size="small"
                color="inherit"
                onClick={() => setDeleting(true)}
                aria-label={`Delete the comment by ${c.user.fullname}`}
              >
                Delete
              </Button>
            )}
            {canReport && (
              <Button
                size="small"
                color="inherit"
                onClick={() => setReporting(true)}
                aria-label={`Report the comment by ${c.user.fullname}`}
              >
                Report
              </Button>
            )}
          </Stack>
        )}
        <ReportDialog
          open={reporting}
          onClose={() => setReporting(false)}
          kind="wall_comment"
          id={c.id}
          what="comment"
        />
      </Stack>
      <ConfirmDialog
        open={deleting}
        title="Delete this comment?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() => remove.mutate(c.id, { onSuccess: () => setDeleting(false) })}
      >
        This cannot be undone.
      </ConfirmDialog>
    </Box>
  );
}
