import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../../shared/api/api-error.ts';
import { SectionCard } from '../../../../shared/ui/section-card.tsx';
import { useHashtags } from '../../api/wall.api.ts';
import { hashtagUrl, plural } from '../../labels.ts';

/** The most used hashtags of the last 30 days, each filtering the wall. */
export function TrendingCard({ current }: { current?: string }) {
  const hashtags = useHashtags();
  return (
    <SectionCard title="Trending hashtags" busy={hashtags.isPending}>
      {hashtags.isError ? (
        <Typography variant="body2">{errorMessage(hashtags.error)}</Typography>
      ) : !hashtags.data ? (
        <Stack role="status" aria-label="Loading hashtags">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} width="60%" />
          ))}
        </Stack>
      ) : hashtags.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No hashtags in the last 30 days.
        </Typography>
      ) : (
        <Stack component="ol" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {hashtags.data.map(({ tag, count }) => (
            <Stack
              component="li"
              key={tag}
              direction="row"
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}
            >
              <Link
                component={RouterLink}
                to={hashtagUrl(tag)}
                aria-current={current === tag ? 'page' : undefined}
                sx={{ fontWeight: current === tag ? 700 : 500, overflowWrap: 'anywhere' }}
              >
                #{tag}
              </Link>
              <Typography variant="body2" sx={{ color: 'text.secondary', flexShrink: 0 }}>
                {plural(count, 'post')}
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
