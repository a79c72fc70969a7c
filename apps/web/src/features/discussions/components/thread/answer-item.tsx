import type { TDiscussionAnswer } from '@atrium/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import ReplyOutlined from '@mui/icons-material/ReplyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatRelativeTime } from '../../../../shared/format/relative-time.ts';
import { useSession } from '../../../../shared/session/session-context.ts';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.tsx';
import { ModerationStateChip, ReportDialog } from '../../../moderation/index.ts';
import {
  useAccept,
  useReact,
  useRemoveAnswer,
  useUpdateAnswer,
} from '../../api/discussions.api.ts';
import { PersonAvatar } from '../person-avatar.tsx';
import { RichHtml } from '../rich-html.tsx';
import { AnswerForm } from './answer-composer.tsx';
import { ReactionButtons } from './reaction-buttons.tsx';

/** "3 hours ago", with the exact time on hover and for assistive technology. */
export function When({ iso }: { iso: string }) {
  const exact = new Date(iso).toLocaleString();
  return (
    <Box component="time" dateTime={iso} title={exact}>
      {formatRelativeTime(iso)}
    </Box>
  );
}

/**
 * One answer or reply: who and when, the text, reactions and what the caller may do with it
 * (its `abilities`): reply (top-level answers only), accept, edit in place, delete.
 */
export function AnswerItem({
  answer: a,
  discussionId,
  onReply,
  badge = true,
}: {
  answer: TDiscussionAnswer;
  /** The "Accepted answer" chip; off where a heading already says so. */
  badge?: boolean;
  discussionId: number;
  /** Offered on top-level answers: threading is one level deep. */
  onReply?: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const { user } = useSession();
  const canReport = Boolean(user) && user?.id !== a.user.id;
  const react = useReact(discussionId);
  const accept = useAccept(discussionId);
  const update = useUpdateAnswer(discussionId);
  const remove = useRemoveAnswer(discussionId);
  const who = a.user.fullname;
  const isReply = a.parent !== null;

  return (
    <Box
      component="article"
      aria-label={`${isReply ? 'Reply' : 'Answer'} by ${who}`}
      sx={{ display: 'flex', gap: 1.5, minWidth: 0 }}
    >
      <PersonAvatar person={a.user} size={isReply ? 28 : 36} />
      <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
            {who}
          </Typography>
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
            <When iso={a.created_at} />
            {a.edited_at && ' · edited'}
          </Typography>
          <ModerationStateChip state={a.moderation_state} />
          {a.accepted && badge && (
            <Chip size="small" color="success" icon={<CheckCircle />} label="Accepted answer" />
          )}
        </Stack>
        {editing ? (
          <AnswerForm
            label="Edit your answer"
            submitLabel="Save"
            initial={a.body}
            onCancel={() => setEditing(false)}
            onSubmit={async (body) => {
              await update.mutateAsync({ answer: a.id, body });
              setEditing(false);
            }}
          />
        ) : (
          <RichHtml html={a.body} />
        )}
        {!editing && (
          <Stack
            direction="row"
            spacing={0.5}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', ml: -1 }}
          >
            <ReactionButtons
              counts={a}
              canReact={a.abilities.react}
              busy={react.isPending}
              onReact={(value) => react.mutate({ target: { answer: a.id }, value })}
            />
            {onReply && !isReply && a.abilities.reply && (
              <Button size="small" startIcon={<ReplyOutlined />} onClick={onReply}>
                Reply
              </Button>
            )}
            {a.abilities.accept && (
              <Button
                size="small"
                color="success"
                startIcon={a.accepted ? <CheckCircle /> : <CheckCircleOutlined />}
                loading={accept.isPending}
                onClick={() => accept.mutate(a.accepted ? null : a.id)}
              >
                {a.accepted ? 'Unaccept' : 'Accept'}
              </Button>
            )}
            {a.abilities.edit && (
              <Button
                size="small"
                color="inherit"
                startIcon={<EditOutlined />}
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
            )}
            {a.abilities.delete && (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlined />}
                onClick={() => setDeleting(true)}
              >
                Delete
              </Button>
            )}
            {canReport && (
              <Button
                size="small"
                color="inherit"
                startIcon={<FlagOutlined />}
                onClick={() => setReporting(true)}
                aria-label={`Report the ${isReply ? 'reply' : 'answer'} by ${who}`}
              >
                Report
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        kind="discussion_answer"
        id={a.id}
        what={isReply ? 'reply' : 'answer'}
      />
      <ConfirmDialog
        open={deleting}
        title={isReply ? 'Delete this reply?' : 'Delete this answer?'}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() => remove.mutate(a.id, { onSuccess: () => setDeleting(false) })}
      >
        {isReply
          ? `${who}’s reply will be deleted. This cannot be undone.`
          : `${who}’s answer will be deleted with its replies. This cannot be undone.`}
      </ConfirmDialog>
    </Box>
  );
}
