import DynamicFeedOutlined from '@mui/icons-material/DynamicFeedOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { EmptyState } from '../../../../shared/ui/section-card.tsx';
import { useFeed, useWallUpdates } from '../../api/wall.api.ts';
import type { WallFilter } from '../../api/wall-cache.ts';
import { WALL_MESSAGES } from '../../labels.ts';
import { PostCard } from '../post/post-card.tsx';
import { NewPostsButton } from './new-posts-button.tsx';

/**
 * Calls `load` whenever the element scrolls into view (infinite scroll). The element is a real
 * button too, for keyboards and for browsers without IntersectionObserver.
 */
function useLoadWhenVisible(ready: boolean, load: () => void) {
  const ref = useRef<HTMLButtonElement>(null);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    const element = ref.current;
    if (!ready || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ready]);
  return ref;
}

function FeedSkeleton() {
  return (
    <Stack spacing={2} role="status" aria-busy aria-label="Loading posts">
      {[0, 1, 2].map((i) => (
        <Card key={i} variant="outlined" sx={{ p: 2 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
            <Skeleton variant="circular" width={40} height={40} />
            <Stack sx={{ flex: 1 }}>
              <Skeleton width="40%" />
              <Skeleton width="20%" />
            </Stack>
          </Stack>
          <Skeleton variant="rounded" height={72} />
        </Card>
      ))}
    </Stack>
  );
}

/**
 * The wall's posts, newest first, loading older ones as the reader scrolls; skeletons while
 * the first page comes, the empty and failed states, "New posts" when newer ones exist, and live
 * updates of the posts shown.
 */
export function FeedList({ filter, empty }: { filter: WallFilter; empty: ReactNode }) {
  const feed = useFeed(filter);
  useWallUpdates();
  const posts = feed.data?.pages.flatMap((page) => page.results) ?? [];
  const sentinel = useLoadWhenVisible(
    Boolean(feed.hasNextPage) && !feed.isFetchingNextPage,
    () => void feed.fetchNextPage(),
  );

  if (feed.isError && !feed.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void feed.refetch()}>
            Try again
          </Button>
        }
      >
        {errorMessage(feed.error, WALL_MESSAGES.feedFailed)}
      </Alert>
    );
  }
  if (!feed.data) return <FeedSkeleton />;
  return (
    <Stack spacing={2}>
      <NewPostsButton filter={filter} shownHead={posts[0]?.id ?? null} />
      {posts.length === 0 ? (
        <Card variant="outlined">
          <EmptyState icon={<DynamicFeedOutlined fontSize="large" aria-hidden />}>
            {empty}
          </EmptyState>
        </Card>
      ) : (
        <Stack component="ul" spacing={2} aria-label="Posts" sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </Stack>
      )}
      {feed.isFetchNextPageError && (
        <Alert severity="error">{errorMessage(feed.error, WALL_MESSAGES.feedFailed)}</Alert>
      )}
      {feed.hasNextPage ? (
        <Button
          ref={sentinel}
          variant="outlined"
          loading={feed.isFetchingNextPage}
          onClick={() => void feed.fetchNextPage()}
          sx={{ alignSelf: 'center' }}
        >
          Show older posts
        </Button>
      ) : (
        posts.length > 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
            You have reached the first post.
          </Typography>
        )
      )}
    </Stack>
  );
}
