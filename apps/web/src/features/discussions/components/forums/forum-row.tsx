import type { TForum } from '@atrium/contract';
import ChatBubbleOutlined from '@mui/icons-material/ChatBubbleOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatRelativeTime } from '../../../../shared/format/relative-time.ts';
import { forumUrl, MODE_LABEL } from '../../labels.ts';
import { Stat } from '../list/discussion-row.tsx';

/** Where a forum lives: its course, or the whole organisation. */
export const forumPlace = (f: Pick<TForum, 'scope_ref'>) => f.scope_ref?.name ?? 'Organisation';

/**
 * One forum of the list. Its name is the link, stretched over the card so the whole card opens
 * it (the link's name stays the forum's name).
 */
export function ForumRow({ forum: f }: { forum: TForum }) {
  return (
    <Card
      component="li"
      variant="outlined"
      sx={{
        listStyle: 'none',
        position: 'relative',
        '&:hover': { bgcolor: 'action.hover' },
        '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      <Stack spacing={1} sx={{ p: 2, minWidth: 0 }}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <Typography
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere', flex: '1 1 200px', minWidth: 0 }}
          >
            <Link
              component={RouterLink}
              to={forumUrl(f.slug)}
              underline="hover"
              color="inherit"
              sx={{
                '&::after': { content: '""', position: 'absolute', inset: 0 },
                '&:focus-visible': { outline: 'none' },
              }}
            >
              {f.name}
            </Link>
          </Typography>
          <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Chip
              size="small"
              variant="outlined"
              label={`Subscription: ${MODE_LABEL[f.subscription_mode]}`}
            />
            {f.subscribed && (
              <Chip
                size="small"
                variant="outlined"
                icon={<NotificationsActiveOutlined aria-hidden />}
                label="Subscribed"
                sx={{ borderColor: 'success.main' }}
              />
            )}
          </Stack>
        </Stack>
        {f.description && (
          <Typography
            variant="body2"
            sx={{
              color: 'text.secondary',
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {f.description}
          </Typography>
        )}
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
        >
          <Typography
            variant="body2"
            sx={{ color: 'text.secondary', flex: '1 1 200px', overflowWrap: 'anywhere' }}
          >
            {forumPlace(f)}
            {' · '}
            {f.last_activity_at
              ? `active ${formatRelativeTime(f.last_activity_at)}`
              : 'no posts yet'}
          </Typography>
          <Stat
            icon={<ChatBubbleOutlined fontSize="small" aria-hidden />}
            n={f.thread_count}
            one="thread"
            many="threads"
          />
        </Stack>
      </Stack>
    </Card>
  );
}
