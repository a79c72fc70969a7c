import CheckCircle from '@mui/icons-material/CheckCircle';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Alert from '@mui/material/Alert';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import {
  useCountView,
  useDiscussion,
  useRemoveDiscussion,
  useThreadUpdates,
} from '../api/discussions.api.ts';
import { DiscussionComposer } from '../components/composer/discussion-composer.tsx';
import { AnswerItem } from '../components/thread/answer-item.tsx';
import { AnswerList } from '../components/thread/answer-list.tsx';
import { TopicArticle } from '../components/thread/topic-article.tsx';
import { TopicMenu } from '../components/thread/topic-menu.tsx';
import { TopicChips } from '../components/topic-chips.tsx';
import { DISCUSSION_MESSAGES, DISCUSSIONS_URL, FORUMS_URL, forumUrl } from '../labels.ts';

function BackLink() {
  return (
    <Link component={RouterLink} to={DISCUSSIONS_URL}>
      Back to discussions
    </Link>
  );
}

/** A forum's thread says where it is: Discussions › Forums › the forum (each a link). */
function ForumTrail({ forum }: { forum: { slug: string; name: string } }) {
  return (
    <Breadcrumbs aria-label="Breadcrumb">
      <Link component={RouterLink} to={DISCUSSIONS_URL}>
        Discussions
      </Link>
      <Link component={RouterLink} to={FORUMS_URL}>
        Forums
      </Link>
      <Link component={RouterLink} to={forumUrl(forum.slug)} sx={{ overflowWrap: 'anywhere' }}>
        {forum.name}
      </Link>
    </Breadcrumbs>
  );
}

/**
 * '/discussions/:id': one topic, its accepted answer first, then every answer oldest first with
 * replies; what the caller may do comes from `abilities`. Opening it counts a view; a realtime
 * hint about it refetches it.
 */
export default function DiscussionPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const detail = useDiscussion(id);
  const remove = useRemoveDiscussion();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const acceptedHeading = useId();
  useThreadUpdates(id);
  useCountView(id, detail.isSuccess);

  const notFound =
    !Number.isInteger(id) ||
    id <= 0 ||
    (detail.error instanceof ApiError && detail.error.status === 404);
  if (notFound) {
    return (
      <PageContainer maxWidth={1000}>
        <PageHeader title="Discussion not found" />
        <Card variant="outlined">
          <EmptyState icon={<SearchOffOutlined fontSize="large" />}>
            This discussion is not there: it may have been deleted, or not be open to you.{' '}
            <BackLink />
          </EmptyState>
        </Card>
      </PageContainer>
    );
  }
  if (detail.isError && !detail.data) {
    return (
      <PageContainer maxWidth={1000}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">
            {errorMessage(detail.error, DISCUSSION_MESSAGES.detailFailed)}
          </Alert>
          <BackLink />
        </Stack>
      </PageContainer>
    );
  }
  const t = detail.data;
  if (!t) {
    return (
      <PageContainer maxWidth={1000}>
        <Stack spacing={2} role="status" aria-busy aria-label="Loading the discussion">
          <Skeleton variant="text" width="60%" height={48} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      </PageContainer>
    );
  }
  return (
    <PageContainer maxWidth={1000}>
      <Stack spacing={1} sx={{ mb: 1 }}>
        {t.forum ? <ForumTrail forum={t.forum} /> : <BackLink />}
      </Stack>
      <PageHeader
        title={t.title}
        subtitle={
          <Stack sx={{ mt: 0.5 }}>
            <TopicChips topic={t} />
          </Stack>
        }
        actions={
          (t.abilities.edit || t.abilities.delete || t.abilities.moderate || t.abilities.close) && (
            <>
              {t.abilities.edit && (
                <Button
                  variant="outlined"
                  startIcon={<EditOutlined />}
                  onClick={() => setEditing(true)}
                >
                  Edit
                </Button>
              )}
              {t.abilities.delete && (
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteOutlined />}
                  onClick={() => setDeleting(true)}
                >
                  Delete
                </Button>
              )}
              <TopicMenu topic={t} />
            </>
          )
        }
      />
      <Stack spacing={3}>
        {t.locked ? (
          <Alert severity="warning">
            This discussion is locked: only moderators can answer, edit or react.
          </Alert>
        ) : (
          t.closed && (
            <Alert severity="info">This discussion is closed: it takes no new answers.</Alert>
          )
        )}
        <TopicArticle topic={t} />
        {t.accepted && (
          <Card
            component="section"
            aria-labelledby={acceptedHeading}
            variant="outlined"
            sx={{ borderColor: 'success.main', borderWidth: 2 }}
          >
            <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', mb: 2, color: 'success.main' }}
              >
                <CheckCircle aria-hidden />
                <Typography id={acceptedHeading} variant="h2" sx={{ fontSize: '1.1rem' }}>
                  Accepted answer
                </Typography>
              </Stack>
              <AnswerItem answer={t.accepted} discussionId={t.id} badge={false} />
            </CardContent>
          </Card>
        )}
        <AnswerList topic={t} />
      </Stack>
      {editing && (
        <DiscussionComposer
          topic={t}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      )}
      <ConfirmDialog
        open={deleting}
        title="Delete this discussion?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(t.id, {
            onSuccess: () => {
              setDeleting(false);
              navigate(t.forum ? forumUrl(t.forum.slug) : DISCUSSIONS_URL, { replace: true });
            },
          })
        }
      >
        “{t.title}” is deleted with its answers and files. This cannot be undone.
      </ConfirmDialog>
    </PageContainer>
  );
}
