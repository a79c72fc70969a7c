import type { TNotification } from '@atrium/contract';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatRelativeTime } from '../../../shared/format/relative-time.ts';
import { useHasPage } from '../../../shared/navigation/page-availability.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { notificationText, TYPE_INFO } from '../notification-text.ts';

const ICONS: Record<(typeof TYPE_INFO)[keyof typeof TYPE_INFO]['category'], ReactNode> = {
  enrolment: <SchoolOutlined fontSize="small" />,
  request: <HowToRegOutlined fontSize="small" />,
  course: <MenuBookOutlined fontSize="small" />,
  assignment: <AssignmentOutlined fontSize="small" />,
  review: <RateReviewOutlined fontSize="small" />,
  account: <VerifiedUserOutlined fontSize="small" />,
  announcement: <CampaignOutlined fontSize="small" />,
  discussion: <ForumOutlined fontSize="small" />,
};

/**
 * One notification as a link to what it is about: its sentence, how long ago, and a dot while
 * unread. Opening it marks it read (`onOpen`) as the app navigates to its link.
 */
export function NotificationItem({
  notification: n,
  onOpen,
  dense = false,
}: {
  notification: TNotification;
  onOpen: (n: TNotification) => void;
  dense?: boolean;
}) {
  const unread = !n.is_viewed;
  const category = TYPE_INFO[n.type]?.category ?? 'course';
  // What it is about may have no screen yet: then opening it only marks it read.
  const linked = useHasPage()(n.link);
  return (
    <ListItemButton
      {...(linked ? { component: RouterLink, to: n.link } : {})}
      onClick={() => onOpen(n)}
      alignItems="flex-start"
      data-unread={unread}
      sx={{
        gap: 0.5,
        py: dense ? 1 : 1.5,
        bgcolor: unread ? 'action.hover' : undefined,
        borderRadius: 1,
      }}
    >
      <ListItemAvatar sx={{ minWidth: 48, mt: 0.25 }}>
        <Avatar
          aria-hidden
          sx={{
            width: 36,
            height: 36,
            bgcolor: unread ? 'primary.main' : 'action.selected',
            color: unread ? 'primary.contrastText' : 'text.secondary',
          }}
        >
          {ICONS[category]}
        </Avatar>
      </ListItemAvatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {notificationText(n).map((part, i) =>
            part.strong ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move
              <Box component="strong" key={i} sx={{ fontWeight: 600 }}>
                {part.text}
              </Box>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move
              <Fragment key={i}>{part.text}</Fragment>
            ),
          )}
        </Typography>
        <Typography
          variant="caption"
          component="time"
          dateTime={n.created_at}
          title={new Date(n.created_at).toLocaleString()}
          sx={{ color: unread ? 'primary.main' : 'text.secondary', fontWeight: unread ? 600 : 400 }}
        >
          {formatRelativeTime(n.created_at)}
        </Typography>
      </Box>
      {unread && (
        <Box
          sx={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            bgcolor: 'primary.main',
            flexShrink: 0,
            mt: 0.75,
          }}
        >
          <VisuallyHidden>Unread</VisuallyHidden>
        </Box>
      )}
    </ListItemButton>
  );
}
