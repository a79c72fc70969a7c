import type { TWallPost } from '@atrium/contract';
import ChatBubbleOutlineOutlined from '@mui/icons-material/ChatBubbleOutlineOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatRelativeTime } from '../../../../shared/format/relative-time.ts';
import { useHasPage } from '../../../../shared/navigation/page-availability.ts';
import { ModerationStateChip } from '../../../moderation/index.ts';
import { plural, profileUrl, wallPostUrl } from '../../labels.ts';
import { CommentSection } from '../comments/comment-section.tsx';
import { PersonAvatar } from '../person-avatar.tsx';
import { PostText } from '../post-text.tsx';
import { When } from '../when.tsx';
import { ImageGrid } from './image-grid.tsx';
import { LinkPreviewCard } from './link-preview-card.tsx';
import { PostMenu } from './post-menu.tsx';
import { ReactionButton, ReactionSummary } from './reaction-bar.tsx';

const ACHIEVEMENT_LINK: Record<string, string> = {
  course: 'View the course',
  learning_path: 'View the learning path',
  badge: 'View the badge',
};

/**
 * One post: author and time (the time links to the post's own page), its text with links, the
 * images, the link preview, reactions and comments, and the author's or admin's menu. An
 * achievement (written by Atrium) has a trophy, a tinted frame and a link to what was achieved.
 */
export function PostCard({
  post: p,
  expanded = false,
  onDeleted,
}: {
  post: TWallPost;
  /** All comments at once (the post's own page). */
  expanded?: boolean;
  onDeleted?: () => void;
}) {
  const headingId = useId();
  const hasPage = useHasPage();
  const achievement = p.kind === 'achievement' ? p.achievement : null;
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={
        p.kind === 'achievement'
          ? { borderColor: 'primary.main', borderWidth: 2, borderStyle: 'solid' }
          : undefined
      }
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <PersonAvatar person={p.user} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={headingId} component="h2" variant="subtitle1" sx={{ lineHeight: 1.3 }}>
              <Link
                component={RouterLink}
                to={profileUrl(p.user.id)}
                underline="hover"
                sx={{ color: 'text.primary', fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {p.user.fullname}
              </Link>
              {achievement && (
                <Typography component="span" sx={{ color: 'text.secondary' }}>
                  {' '}
                  · achievement
                </Typography>
              )}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              <Link
                component={RouterLink}
                to={wallPostUrl(p.id)}
                color="inherit"
                underline="hover"
                // Starts with the visible "3 hours ago", so speech input can name it.
                aria-label={`${formatRelativeTime(p.created_at)}, posted ${new Date(p.created_at).toLocaleString()}: open the post`}
              >
                <When iso={p.created_at} />
              </Link>
              {p.edited_at && ' · edited'}
            </Typography>
            <ModerationStateChip state={p.moderation_state} />
          </Box>
          <PostMenu post={p} onDeleted={onDeleted} />
        </Stack>

        {achievement ? (
          <Stack
            direction="row"
            spacing={1.5}
            sx={{ alignItems: 'center', bgcolor: 'action.hover', borderRadius: 2, p: 1.5 }}
          >
            <EmojiEventsOutlined color="primary" sx={{ fontSize: 40 }} aria-hidden />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                {p.user.fullname} {p.body}
              </Typography>
              {achievement.link && hasPage(achievement.link) && (
                <Link component={RouterLink} to={achievement.link} variant="body2">
                  {ACHIEVEMENT_LINK[achievement.kind] ?? 'View'}: {achievement.title}
                </Link>
              )}
            </Box>
          </Stack>
        ) : (
          <PostText text={p.body} mentions={p.mentions} />
        )}

        <ImageGrid images={p.images} author={p.user.fullname} />
        {p.link_preview && <LinkPreviewCard preview={p.link_preview} />}

        {(p.reactions.total > 0 || p.comment_count > 0) && (
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
            <ReactionSummary reactions={p.reactions} />
            {p.comment_count > 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary', ml: 'auto' }}>
                {plural(p.comment_count, 'comment')}
              </Typography>
            )}
          </Stack>
        )}
        {(p.abilities.react || p.abilities.comment) && (
          <>
            <Divider />
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {p.abilities.react && <ReactionButton postId={p.id} reactions={p.reactions} />}
              {p.abilities.comment && (
                <Button
                  color="inherit"
                  startIcon={<ChatBubbleOutlineOutlined />}
                  onClick={(event) =>
                    event.currentTarget
                      .closest('article')
                      ?.querySelector<HTMLTextAreaElement>(
                        'form[aria-label="Write a comment"] textarea',
                      )
                      ?.focus()
                  }
                >
                  Comment
                </Button>
              )}
            </Stack>
            <Divider />
          </>
        )}
        <CommentSection post={p} expanded={expanded} />
      </CardContent>
    </Card>
  );
}
