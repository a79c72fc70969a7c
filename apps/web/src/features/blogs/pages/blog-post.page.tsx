import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { notifyError, notifySuccess } from '../../../shared/notify/notify.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { PageContainer } from '../../../shared/ui/page-header.tsx';
import { useBlogPost, useDeletePost } from '../api/blogs.api.ts';
import { BlogBody } from '../components/blog-body.tsx';
import { CommentSection } from '../components/comment-section.tsx';
import { ModerationLabel } from '../components/moderation-label.tsx';
import { PersonLine } from '../components/person-line.tsx';
import { BLOG_MESSAGES, BLOGS_URL, blogEditUrl, blogTagUrl, postDate } from '../labels.ts';

/** '/blogs/:id': one post, its cover, text and tags, and its comments. */
export default function BlogPostPage() {
  const id = Number(useParams().id);
  const post = useBlogPost(id);
  const remove = useDeletePost();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  const back = (
    <Button component={RouterLink} to={BLOGS_URL} startIcon={<ArrowBackOutlined />} sx={{ mb: 2 }}>
      All posts
    </Button>
  );
  if (
    !Number.isInteger(id) ||
    id < 1 ||
    (post.error instanceof ApiError && post.error.status === 404)
  ) {
    return (
      <PageContainer maxWidth={820}>
        {back}
        <Alert severity="info">This post does not exist, or it is not yours to see.</Alert>
      </PageContainer>
    );
  }
  if (post.isPending) {
    return (
      <PageContainer maxWidth={820}>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the post" />
        </Box>
      </PageContainer>
    );
  }
  if (post.isError) {
    return (
      <PageContainer maxWidth={820}>
        {back}
        <Alert severity="error">{errorMessage(post.error, BLOG_MESSAGES.postFailed)}</Alert>
      </PageContainer>
    );
  }
  const p = post.data;
  const date = p.published_at ?? p.updated_at;
  return (
    <PageContainer maxWidth={820}>
      {back}
      <Stack component="article" spacing={2.5} aria-labelledby="blog-title">
        {p.cover && (
          <Box
            component="img"
            src={p.cover.url}
            alt=""
            sx={{ width: '100%', maxHeight: 420, objectFit: 'cover', borderRadius: 2 }}
          />
        )}
        <Stack spacing={1}>
          <Typography
            id="blog-title"
            variant="h1"
            sx={{ fontSize: { xs: '1.7rem', sm: '2.3rem' }, overflowWrap: 'anywhere' }}
          >
            {p.title}
          </Typography>
          <PersonLine person={p.author}>
            {' · '}
            <time dateTime={date}>{postDate(date)}</time>
          </PersonLine>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {p.status === 'draft' && <Chip size="small" label="Draft" />}
            <ModerationLabel state={p.moderation_state} />
          </Stack>
        </Stack>
        {(p.abilities.edit || p.abilities.delete) && (
          <Stack direction="row" spacing={1}>
            {p.abilities.edit && (
              <Button
                variant="outlined"
                component={RouterLink}
                to={blogEditUrl(p.id)}
                startIcon={<EditOutlined />}
              >
                Edit
              </Button>
            )}
            {p.abilities.delete && (
              <Button
                color="error"
                startIcon={<DeleteOutline />}
                onClick={() => setConfirming(true)}
              >
                Delete
              </Button>
            )}
          </Stack>
        )}
        <BlogBody html={p.body_html} />
        {p.tags.length > 0 && (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
            component="nav"
            aria-label="Tags"
          >
            {p.tags.map((tag) => (
              <Chip
                key={tag}
                label={`#${tag}`}
                component={RouterLink}
                to={blogTagUrl(tag)}
                clickable
                variant="outlined"
              />
            ))}
          </Stack>
        )}
        <Divider />
        {p.status === 'published' ? (
          <CommentSection postId={p.id} canComment={p.abilities.comment} count={p.comment_count} />
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>
            Comments open once the post is published.
          </Typography>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Delete this post?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(p.id, {
            onSuccess: () => {
              notifySuccess('The post is deleted.');
              navigate(BLOGS_URL);
            },
            onError: (e) => {
              setConfirming(false);
              notifyError(errorMessage(e, BLOG_MESSAGES.deleteFailed));
            },
          })
        }
      >
        The post and its comments are removed for everyone.
      </ConfirmDialog>
    </PageContainer>
  );
}
