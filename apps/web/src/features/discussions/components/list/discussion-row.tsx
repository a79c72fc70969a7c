import type { TDiscussionSummary } from '@atrium/contract';
import ChatBubbleOutlined from '@mui/icons-material/ChatBubbleOutlined';
import ThumbUpOutlined from '@mui/icons-material/ThumbUpOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatRelativeTime } from '../../../../shared/format/relative-time.ts';
import { VisuallyHidden } from '../../../../shared/ui/visually-hidden.tsx';
import { ModerationStateChip } from '../../../moderation/index.ts';
import { discussionUrl } from '../../labels.ts';
import { ForumChip } from '../forums/forum-chip.tsx';
import { PersonAvatar } from '../person-avatar.tsx';
import { TopicChips } from '../topic-chips.tsx';

/** A number with its icon; the words are for assistive technology ("3 answers"). */
export function Stat({
  icon,
  n,
  one,
  many,
}: {
  icon: ReactNode;
  n: number;
  one: string;
  many: string;
}) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      {icon}
      <Typography variant="body2" component="span">
        {n.toLocaleString()} <VisuallyHidden>{n === 1 ? one : many}</VisuallyHidden>
      </Typography>
    </Stack>
  );
}

/**
 * One topic of a list. The title is the link; it stretches over the card so the whole card
 * opens the topic, while the link's name stays the title. A forum's thread links its forum
 * (`showForum`: not inside that forum's own list).
 */
export function DiscussionRow({
  topic: t,
  showForum = true,
}: {
  topic: TDiscussionSummary;
  showForum?: boolean;
}) {
  return (
    <Card
      component="li"
      variant="outlined"
      sx={{
        listStyle: 'none',
        position: 'relative',
        borderLeft: 4,
        borderLeftColor: t.pinned ? 'warning.main' : 'divider',
        '&:hover': { bgcolor: 'action.hover' },
        '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      <Stack spacing={1} sx={{ p: 2, minWidth: 0 }}>
        <TopicChips topic={t}>
          {showForum && t.forum && <ForumChip forum={t.forum} />}
          <ModerationStateChip state={t.moderation_state} />
        </TopicChips>
        <Typography
          component="h3"
          variant="subtitle1"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          <Link
            component={RouterLink}
            to={discussionUrl(t.id)}
            underline="hover"
            color="inherit"
            sx={{
              '&::after': { content: '""', position: 'absolute', inset: 0 },
              '&:focus-visible': { outline: 'none' },
            }}
          >
            {t.title}
          </Link>
        </Typography>
        {t.excerpt && (
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
            {t.excerpt}
          </Typography>
        )}
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        >
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', minWidth: 0, flex: '1 1 220px' }}
          >
            <PersonAvatar person={t.user} size={28} />
            <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {t.user.fullname}
              <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                {' · '}
                {t.scope_ref?.name ?? 'Organisation'}
                {' · '}
                {`active ${formatRelativeTime(t.last_activity_at)}`}
              </Typography>
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1.5}>
            <Stat
              icon={<ChatBubbleOutlined fontSize="small" aria-hidden />}
              n={t.answer_count}
              one="answer"
              many="answers"
            />
            <Stat
              icon={<VisibilityOutlined fontSize="small" aria-hidden />}
              n={t.view_count}
              one="view"
              many="views"
            />
            <Stat
              icon={<ThumbUpOutlined fontSize="small" aria-hidden />}
              n={t.likes}
              one="like"
              many="likes"
            />
          </Stack>
        </Stack>
      </Stack>
    </Card>
  );
}
