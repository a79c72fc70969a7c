import ForumOutlined from '@mui/icons-material/ForumOutlined';
import Chip from '@mui/material/Chip';
import { Link as RouterLink } from 'react-router';
import { forumUrl } from '../../labels.ts';

/**
 * The forum a topic is a thread of, as a link to the forum. It sits above a row's stretched
 * title link (z-index), so it opens the forum rather than the topic; the colour stays on the
 * outline (theme colours need not contrast enough for small text).
 */
export function ForumChip({ forum }: { forum: { slug: string; name: string } }) {
  return (
    <Chip
      component={RouterLink}
      to={forumUrl(forum.slug)}
      clickable
      size="small"
      variant="outlined"
      icon={<ForumOutlined aria-hidden />}
      label={forum.name}
      aria-label={`Forum: ${forum.name}`}
      sx={{ position: 'relative', zIndex: 1, borderColor: 'primary.main', maxWidth: '100%' }}
    />
  );
}
