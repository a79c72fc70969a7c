import { hiddenMenuPaths, ROLE } from '@atrium/contract';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import MenuOutlined from '@mui/icons-material/MenuOutlined';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { Link as RouterLink } from 'react-router';
import { LiveRecognition } from '../../features/gamification/index.ts';
import { NotificationBell } from '../../features/notifications/index.ts';
import { SearchBox } from '../../features/search/index.ts';
import { useSession } from '../../shared/session/session-context.ts';
import { ColorModeToggle } from '../../shared/theme/color-mode-toggle.tsx';
import { isBuilt } from '../session/built-menu.ts';
import { DRAWER_WIDTH } from './app-drawer.tsx';
import { ProfileMenu } from './profile-menu.tsx';
import { useRequestFlow } from './request-flow.ts';

/** Spec §2: the header turns solid after 25 px of scroll. */
export const SOLID_HEADER_AFTER_PX = 25;

/** Spec §6: roles 1–3 see a generic icon; a learner sees their own badge once they have one. */
function LeaderboardBadge() {
  const { user } = useSession();
  const badge = user?.role.id === ROLE.LEARNER ? user.user_badge : null;
  const image = badge?.badge_image_fk?.file ?? undefined;
  return (
    <Tooltip title={badge ? `Leaderboard · ${badge.badge_name}` : 'Leaderboard'}>
      <IconButton
        component={RouterLink}
        to="/leaderboard"
        aria-label={badge ? `Leaderboard, level ${badge.badge_name}` : 'Leaderboard'}
        color="inherit"
      >
        {badge ? (
          <Avatar
            src={image}
            alt=""
            sx={{ width: 28, height: 28, bgcolor: badge.badge_color ?? 'primary.main' }}
          >
            <EmojiEventsOutlined fontSize="small" />
          </Avatar>
        ) : (
          <EmojiEventsOutlined />
        )}
      </IconButton>
    </Tooltip>
  );
}

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { menu, user } = useSession();
  // Gamification turned off for the organisation (superadmin console): no leaderboard badge.
  const leaderboard =
    isBuilt('/leaderboard') && !hiddenMenuPaths(user?.disabled_features).has('/leaderboard');
  const solid = useScrollTrigger({ disableHysteresis: true, threshold: SOLID_HEADER_AFTER_PX });
  const requestFlow = useRequestFlow();
  // Spec §6: notification and profile items need a profile with permissions.
  const hasPermissions = menu.length > 0;

  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      data-solid={solid}
      sx={(theme) => ({
        width: { md: `calc(100% - ${DRAWER_WIDTH}px)` },
        ml: { md: `${DRAWER_WIDTH}px` },
        bgcolor: solid ? 'background.paper' : 'transparent',
        backgroundImage: 'none',
        boxShadow: solid ? theme.shadows[3] : 'none',
        borderBottom: `1px solid ${solid ? 'transparent' : theme.palette.divider}`,
        transition: theme.transitions.create(['background-color', 'box-shadow']),
      })}
    >
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label="Open menu"
          onClick={onOpenMenu}
          sx={{ display: { md: 'none' } }}
        >
          <MenuOutlined />
        </IconButton>
        {isBuilt('/search') && <SearchBox />}
        <Box sx={{ flex: 1 }} />
        {requestFlow && (
          <Chip
            color="secondary"
            size="small"
            label="Approver mode"
            sx={{ fontWeight: 600, mr: { xs: 0, sm: 1 } }}
          />
        )}
        <Stack direction="row" spacing={{ xs: 0, sm: 0.5 }} sx={{ alignItems: 'center' }}>
          <ColorModeToggle />
          {hasPermissions && <NotificationBell />}
          {leaderboard && <LeaderboardBadge />}
          {/* Live points and badges: a snackbar and fresh boards and top bar badge. */}
          {leaderboard && <LiveRecognition />}
          <ProfileMenu />
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
