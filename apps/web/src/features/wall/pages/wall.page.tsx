import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { isAdmin } from '../../../shared/session/roles.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import type { WallFilter } from '../api/wall-cache.ts';
import { PostComposer } from '../components/composer/post-composer.tsx';
import { FeedFilters } from '../components/feed/feed-filters.tsx';
import { FeedList } from '../components/feed/feed-list.tsx';
import { ShareAchievements } from '../components/feed/share-achievements.tsx';
import { TrendingCard } from '../components/feed/trending-card.tsx';

/** The filters as the URL keeps them (`?hashtag=&mentions=1`). */
function readFilter(params: URLSearchParams): WallFilter {
  const hashtag = (params.get('hashtag') ?? '').replace(/^#/, '').trim().toLowerCase();
  return {
    ...(hashtag ? { hashtag: hashtag.slice(0, 50) } : {}),
    ...(params.get('mentions') === '1' ? { mentions_me: true } : {}),
  };
}

function writeFilter(filter: WallFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.hashtag) params.set('hashtag', filter.hashtag);
  if (filter.mentions_me) params.set('mentions', '1');
  return params;
}

/**
 * '/socialwall': the organisation's wall. The composer and the feed on the left; trending
 * hashtags and the achievements switch beside it (below it on phones).
 */
export default function WallPage() {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const filtered = Boolean(filter.hashtag || filter.mentions_me);
  // The queue is the admins' (the server refuses anyone else): the way in shows to them only.
  const { user } = useSession();
  const admin = user ? isAdmin(user.role.id) : false;
  return (
    <PageContainer maxWidth={1100}>
      <PageHeader
        title="Social wall"
        subtitle="News, thanks and achievements from across your organisation."
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {/* Blogs need no menu entry of their own: the wall is their way in (spec §2 /blogs). */}
            <Button
              component={RouterLink}
              to="/blogs"
              variant="outlined"
              startIcon={<ArticleOutlined />}
            >
              Blogs
            </Button>
            {admin && (
              <Button
                component={RouterLink}
                to="/socialwall/moderation"
                variant="outlined"
                startIcon={<GppMaybeOutlined />}
              >
                Moderation
              </Button>
            )}
          </Stack>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <PostComposer />
          <FeedFilters
            filter={filter}
            onChange={(next) => setParams(writeFilter(next), { replace: true })}
          />
          <FeedList
            key={JSON.stringify(filter)}
            filter={filter}
            empty={
              filtered
                ? 'No posts match this filter yet.'
                : 'Nothing on the wall yet. Be the first to post!'
            }
          />
        </Stack>
        <Stack spacing={2} component="aside" aria-label="About the wall">
          <TrendingCard current={filter.hashtag} />
          <Card variant="outlined">
            <CardContent>
              <ShareAchievements />
            </CardContent>
          </Card>
        </Stack>
      </Box>
    </PageContainer>
  );
}
