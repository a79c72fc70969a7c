import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useBlogPost } from '../api/blogs.api.ts';
import { BlogEditorForm } from '../components/blog-editor-form.tsx';
import { BLOG_MESSAGES, BLOGS_URL } from '../labels.ts';

/** '/blogs/new' and '/blogs/:id/edit': the editor, for a new post or one the caller may edit. */
export default function BlogEditorPage() {
  const param = useParams().id;
  const id = param === undefined ? null : Number(param);
  const post = useBlogPost(id ?? 0);
  const back = (
    <Button component={RouterLink} to={BLOGS_URL} startIcon={<ArrowBackOutlined />} sx={{ mb: 2 }}>
      All posts
    </Button>
  );
  if (id === null) {
    return (
      <PageContainer maxWidth={900}>
        {back}
        <PageHeader title="New post" />
        <BlogEditorForm post={null} />
      </PageContainer>
    );
  }
  if (
    !Number.isInteger(id) ||
    id < 1 ||
    (post.error instanceof ApiError && post.error.status === 404)
  ) {
    return (
      <PageContainer maxWidth={900}>
        {back}
        <Alert severity="info">This post does not exist, or it is not yours to see.</Alert>
      </PageContainer>
    );
  }
  if (post.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the post" />
      </Box>
    );
  }
  if (post.isError) {
    return (
      <PageContainer maxWidth={900}>
        {back}
        <Alert severity="error">{errorMessage(post.error, BLOG_MESSAGES.postFailed)}</Alert>
      </PageContainer>
    );
  }
  return (
    <PageContainer maxWidth={900}>
      {back}
      <PageHeader title="Edit post" />
      {post.data.abilities.edit ? (
        <BlogEditorForm key={post.data.id} post={post.data} />
      ) : (
        <Alert severity="info">
          Only its author and the organisation’s admins can edit this post.
        </Alert>
      )}
    </PageContainer>
  );
}
