import type { TWallPost } from '@atrium/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { FooterButton } from '../../../../shared/forms/form-footer.tsx';
import { useSession } from '../../../../shared/session/session-context.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { FormDialog } from '../../../../shared/ui/form-dialog.tsx';
import { ReportDialog } from '../../../moderation/index.ts';
import { useRemovePost, useUpdatePost } from '../../api/wall.api.ts';
import { PostForm } from '../composer/post-form.tsx';

/**
 * Edit (the author) and Delete (the author or an admin), as the post's `abilities` say, and
 * Report (anyone but the author); nothing shows when none applies. Deleting asks first.
 */
export function PostMenu({ post, onDeleted }: { post: TWallPost; onDeleted?: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const { user } = useSession();
  const update = useUpdatePost(post.id);
  const remove = useRemovePost();
  const menuId = useId();
  const canEdit = post.abilities.edit && post.kind === 'post';
  const canReport = user !== null && user !== undefined && user.id !== post.user.id;
  if (!canEdit && !post.abilities.delete && !canReport) return null;
  return (
    <>
      <IconButton
        aria-label={`Actions for the post by ${post.user.fullname}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {canEdit && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setEditing(true);
            }}
          >
            <ListItemIcon>
              <EditOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>Edit</ListItemText>
          </MenuItem>
        )}
        {post.abilities.delete && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setDeleting(true);
            }}
          >
            <ListItemIcon>
              <DeleteOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>Delete</ListItemText>
          </MenuItem>
        )}
        {canReport && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setReporting(true);
            }}
          >
            <ListItemIcon>
              <FlagOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>Report</ListItemText>
          </MenuItem>
        )}
      </Menu>
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        kind="wall_post"
        id={post.id}
        what="post"
      />
      {editing && (
        <FormDialog open title="Edit post" onClose={() => setEditing(false)} maxWidth="md">
          <PostForm
            post={post}
            label="Post text"
            submitLabel="Save"
            autoFocus
            secondary={<FooterButton onClick={() => setEditing(false)}>Cancel</FooterButton>}
            onSubmit={async (body) => {
              await update.mutateAsync(body);
              setEditing(false);
            }}
          />
        </FormDialog>
      )}
      <ConfirmDialog
        open={deleting}
        title="Delete this post?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(post.id, {
            onSuccess: () => {
              setDeleting(false);
              onDeleted?.();
            },
          })
        }
      >
        Its comments and reactions go with it. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
