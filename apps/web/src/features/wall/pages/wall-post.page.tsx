import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api/api-error.ts';
import { PageContainer } from '../../../shared/ui/page-header.tsx';
import { usePost, useWallUpdates } from '../api/wall.api.ts';
import { PostCard } from '../components/post/post-card.tsx';
import { WALL_MESSAGES, WALL_URL } from '../labels.ts';

/** '/socialwall/:id': one post with all its comments (where wall notifications lead). */
export default function WallPostPage() {
  const id = Number(useParams().id);
  const post = usePost(id);
  const navigate = useNavigate();
  useWallUpdates();
  const back = (
    <Button component={RouterLink} to={WALL_URL} startIcon={<ArrowBack />} color="inherit">
      Back to the wall
    </Button>
  );
  const gone =
    !Number.isInteger(id) ||
    id <= 0 ||
    (post.error instanceof ApiError && post.error.status === 404);
  return (
    <PageContainer maxWidth={760}>
      <Stack spacing={2}>
        <Stack direction="row">{back}</Stack>
        {gone ? (
          <Alert severity="info">This post is no longer on the wall.</Alert>
        ) : post.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void post.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(post.error, WALL_MESSAGES.postFailed)}
          </Alert>
        ) : !post.data ? (
          <Skeleton variant="rounded" height={240} aria-label="Loading the post" />
        ) : (
          <PostCard post={post.data} expanded onDeleted={() => navigate(WALL_URL)} />
        )}
      </Stack>
    </PageContainer>
  );
}
