import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Alert from '@mui/material/Alert';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import { isForumSlug, useForum, useForumThreads, useRemoveForum } from '../api/forums.api.ts';
import { DiscussionComposer } from '../components/composer/discussion-composer.tsx';
import { ForumDialog } from '../components/forums/forum-dialog.tsx';
import { forumPlace } from '../components/forums/forum-row.tsx';
import { ForumSubscription } from '../components/forums/forum-subscription.tsx';
import { DiscussionList } from '../components/list/discussion-list.tsx';
import {
  DISCUSSION_MESSAGES,
  DISCUSSIONS_URL,
  discussionUrl,
  FORUM_WINDOW_NOTE,
  FORUMS_URL,
  forumUrl,
  MODE_HELP,
  MODE_LABEL,
  plural,
} from '../labels.ts';

const PAGE_SIZE = 20;

function Trail() {
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
      <Link component={RouterLink} to={DISCUSSIONS_URL}>
        Discussions
      </Link>
      <Link component={RouterLink} to={FORUMS_URL}>
        Forums
      </Link>
    </Breadcrumbs>
  );
}

/**
 * '/discussions/forums/:slug': one forum (what it is, where, how it tells people), the caller's
 * subscription, its managers' Edit and Delete, and its threads (the discussion list on
 * /api/thread/?forum=) with "New thread" in the composer, the forum preset.
 */
export default function ForumPage() {
  const slug = useParams().slug ?? '';
  const navigate = useNavigate();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const detail = useForum(slug);
  const remove = useRemoveForum();
  const [composing, setComposing] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const search = params.get('q') ?? '';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const threads = useForumThreads(
    { forum: slug, page, page_size: PAGE_SIZE, search: search || undefined },
    detail.isSuccess,
  );
  const go = (next: { search?: string; page?: number }) => {
    const p = new URLSearchParams();
    const q = next.search ?? search;
    if (q) p.set('q', q);
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p, { replace: next.page === undefined });
  };

  const notFound =
    !isForumSlug(slug) || (detail.error instanceof ApiError && detail.error.status === 404);
  if (notFound) {
    return (
      <PageContainer maxWidth={1000}>
        <Trail />
        <PageHeader title="Forum not found" />
        <Card variant="outlined">
          <EmptyState icon={<SearchOffOutlined fontSize="large" aria-hidden />}>
            This forum is not there: it may have been deleted, or not be open to you.{' '}
            <Link component={RouterLink} to={FORUMS_URL}>
              Back to forums
            </Link>
          </EmptyState>
        </Card>
      </PageContainer>
    );
  }
  if (detail.isError && !detail.data) {
    return (
      <PageContainer maxWidth={1000}>
        <Trail />
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void detail.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(detail.error, DISCUSSION_MESSAGES.forumFailed)}
        </Alert>
      </PageContainer>
    );
  }
  const f = detail.data;
  if (!f) {
    return (
      <PageContainer maxWidth={1000}>
        <Stack spacing={2} role="status" aria-busy aria-label="Loading the forum">
          <Skeleton variant="text" width="50%" height={48} />
          <Skeleton variant="rounded" height={200} />
        </Stack>
      </PageContainer>
    );
  }
  const newThread = f.abilities.post && (
    <Button
      variant="contained"
      startIcon={<AddCommentOutlined />}
      onClick={() => setComposing(true)}
    >
      New thread
    </Button>
  );
  return (
    <PageContainer maxWidth={1000}>
      <Trail />
      <PageHeader
        title={f.name}
        subtitle={
          <Stack spacing={0.5}>
            {f.description && (
              <Typography sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {f.description}
              </Typography>
            )}
            <Typography variant="body2">
              {forumPlace(f)} · {plural(f.thread_count, 'thread')} · Subscription:{' '}
              {MODE_LABEL[f.subscription_mode]} ({MODE_HELP[f.subscription_mode]})
            </Typography>
          </Stack>
        }
        actions={
          (f.abilities.post || f.abilities.edit || f.abilities.delete) && (
            <>
              {f.abilities.edit && (
                <Button
                  variant="outlined"
                  startIcon={<EditOutlined />}
                  onClick={() => setEditing(true)}
                >
                  Edit
                </Button>
              )}
              {f.abilities.delete && (
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteOutlined />}
                  onClick={() => setDeleting(true)}
                >
                  Delete
                </Button>
              )}
              {newThread}
            </>
          )
        }
      />
      <Stack spacing={2.5}>
        <ForumSubscription forum={f} />
        {/* Even with mode off the window holds: edits, and a thread's followers are told. */}
        <Alert severity="info" icon={<ScheduleOutlined />}>
          {FORUM_WINDOW_NOTE}
        </Alert>
        <SearchField
          label="Search threads"
          fullWidth
          value={search}
          onChange={(next) => go({ search: next })}
        />
        <DiscussionList
          list={threads}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={(next) => go({ page: next })}
          label="Threads"
          showForum={false}
          noun="thread"
          empty={
            search ? (
              'No thread matches. Try other words.'
            ) : (
              <Stack spacing={1.5} component="span" sx={{ alignItems: 'center' }}>
                <span>No threads yet{f.abilities.post ? ' — start one.' : '.'}</span>
                {newThread}
              </Stack>
            )
          }
        />
      </Stack>
      {composing && (
        <DiscussionComposer
          forum={{ slug: f.slug, name: f.name }}
          onClose={() => setComposing(false)}
          onSaved={(topic) => {
            setComposing(false);
            navigate(discussionUrl(topic.id));
          }}
        />
      )}
      {editing && (
        <ForumDialog
          forum={f}
          admin={user ? isAdmin(user.role.id) : false}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            if (saved.slug !== f.slug) navigate(forumUrl(saved.slug), { replace: true });
          }}
        />
      )}
      <ConfirmDialog
        open={deleting}
        title="Delete this forum?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(f.slug, {
            onSuccess: () => {
              setDeleting(false);
              navigate(FORUMS_URL, { replace: true });
            },
          })
        }
      >
        “{f.name}” is deleted with its {plural(f.thread_count, 'thread')}, their answers and files.
        This cannot be undone.
      </ConfirmDialog>
    </PageContainer>
  );
}
