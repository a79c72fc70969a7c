import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useCounters } from '../../features/notifications/index.ts';
import { badgeCount } from '../../shared/format/badge-count.ts';
import { initials } from '../../shared/format/initials.ts';
import { useSession } from '../../shared/session/session-context.ts';
import { VisuallyHidden } from '../../shared/ui/visually-hidden.tsx';
import { profileMenuItems } from './profile-menu-items.ts';

/**
 * The profile menu of spec §2. The Requests entry carries the count of requests waiting for the
 * caller's decision: the spec fetches it when the menu opens, ours is the live counter the bell
 * keeps (notifications' counters).
 */
export function ProfileMenu() {
  const { user, menu, signOut } = useSession();
  const pending = badgeCount(useCounters().data?.requests ?? 0);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const location = useLocation();
  if (!user) return null;
  // In-app navigation leaves document.referrer alone: Feedback and Support (a new ticket's page)
  // are told the page by ?from=.
  const linkOf = (item: { key: string; to: string }) =>
    (item.key === 'feedback' || item.key === 'support') && !location.pathname.startsWith(item.to)
      ? `${item.to}?from=${encodeURIComponent(location.pathname + location.search)}`
      : item.to;

  const items = profileMenuItems(user.role.id, menu.length > 0);
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title="Account" describeChild>
        <IconButton
          id={buttonId}
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          sx={{ p: 0.5 }}
        >
          {/* Named by its hidden text, not aria-label: the visible initials are decoration and
              would otherwise have to appear in the name (WCAG label in name). */}
          <Avatar
            aria-hidden
            sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: '0.9rem' }}
          >
            {initials(user.fullname)}
          </Avatar>
          <VisuallyHidden>Account menu for {user.fullname}</VisuallyHidden>
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          list: { 'aria-labelledby': buttonId, dense: false },
          paper: { sx: { minWidth: 220, mt: 1 } },
        }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>{user.fullname}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        {items.map((item) => (
          <MenuItem
            key={item.key}
            component={RouterLink}
            to={linkOf(item)}
            onClick={close}
            aria-label={
              item.key === 'requests' && pending ? `${item.title}, ${pending} pending` : undefined
            }
          >
            {item.title}
            {item.key === 'requests' && pending && (
              <Chip
                size="small"
                color="primary"
                label={pending}
                aria-hidden
                sx={{ ml: 'auto', height: 22 }}
              />
            )}
          </MenuItem>
        ))}
        {items.length > 0 && <Divider />}
        <MenuItem
          onClick={() => {
            close();
            void signOut();
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
