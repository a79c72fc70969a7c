import type { TBlogPostSummary } from '@atrium/contract';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { blogPostUrl, postDate } from '../labels.ts';
import { ModerationLabel } from './moderation-label.tsx';
import { PersonLine } from './person-line.tsx';

/**
 * A post in the list: cover, title (the link), excerpt, author and date, tags. The tag chips
 * filter the list (onTag) rather than leave it, so they sit outside the card's link.
 */
export function BlogCard({
  post,
  onTag,
}: {
  post: TBlogPostSummary;
  onTag: (tag: string) => void;
}) {
  const date = post.published_at ?? post.updated_at;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={`blog-${post.id}-title`}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardActionArea component={RouterLink} to={blogPostUrl(post.id)} sx={{ flex: 1 }}>
        {post.cover ? (
          <CardMedia
            component="img"
            image={post.cover.url}
            alt=""
            sx={{ aspectRatio: '16 / 9', objectFit: 'cover' }}
          />
        ) : null}
        <CardContent>
          <Stack spacing={1}>
            <Typography
              id={`blog-${post.id}-title`}
              variant="h6"
              component="h2"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {post.title}
            </Typography>
            {post.status === 'draft' && (
              <Chip size="small" label="Draft" sx={{ alignSelf: 'flex-start' }} />
            )}
            <ModerationLabel state={post.moderation_state} />
            {post.excerpt && (
              <Typography
                variant="body2"
                sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
              >
                {post.excerpt}
              </Typography>
            )}
            <PersonLine person={post.author} size={28}>
              {' · '}
              <time dateTime={date}>{postDate(date)}</time>
              {post.comment_count > 0 &&
                ` · ${post.comment_count} comment${post.comment_count === 1 ? '' : 's'}`}
            </PersonLine>
          </Stack>
        </CardContent>
      </CardActionArea>
      {post.tags.length > 0 && (
        <Stack
          direction="row"
          spacing={0.5}
          useFlexGap
          sx={{ flexWrap: 'wrap', px: 2, pb: 2 }}
          aria-label="Tags"
        >
          {post.tags.map((tag) => (
            <Chip
              key={tag}
              size="small"
              variant="outlined"
              label={`#${tag}`}
              onClick={() => onTag(tag)}
              aria-label={`Show posts tagged ${tag}`}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}
