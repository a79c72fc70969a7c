import ExpandLessOutlined from '@mui/icons-material/ExpandLessOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { alpha, type Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useAnnouncementsUnread } from '../../features/announcements/index.ts';
import { useOrganisation, useOrganisationLink } from '../../features/organisations/index.ts';
import { initials } from '../../shared/format/initials.ts';
import type { DrawerItem } from '../../shared/menu/drawer-items.ts';
import { MenuIcon } from '../../shared/menu/menu-icons.tsx';
import { sidePanelRoleLabel } from '../../shared/session/roles.ts';
import { useSession } from '../../shared/session/session-context.ts';
import { BrandMark } from '../../shared/ui/brand-mark.tsx';
import { VisuallyHidden } from '../../shared/ui/visually-hidden.tsx';

export const DRAWER_WIDTH = 256;

const itemSx = (theme: Theme) => ({
  borderRadius: 2,
  mx: 1,
  my: 0.25,
  '&.Mui-selected, &.Mui-selected:hover': {
    bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.22 : 0.2),
  },
  '&.Mui-selected .MuiListItemText-primary': { fontWeight: 600 },
});

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

function ExternalItem({
  item,
  onNavigate,
}: {
  item: DrawerItem & { kind: 'external' };
  onNavigate: () => void;
}) {
  const link = useOrganisationLink(item.link);
  const url = link.data ?? null;
  return (
    <ListItemButton
      component="a"
      href={url ?? undefined}
      target="_blank"
      rel="noopener noreferrer"
      disabled={!url}
      onClick={onNavigate}
      sx={itemSx}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>
        <MenuIcon name={item.icon} />
      </ListItemIcon>
      <ListItemText
        primary={item.title}
        secondary={link.isPending ? undefined : url ? undefined : 'Not set up yet'}
      />
      {url && <OpenInNewOutlined fontSize="small" titleAccess="opens in a new tab" />}
    </ListItemButton>
  );
}

function DrawerList({
  items,
  onNavigate,
  nested = false,
}: {
  items: DrawerItem[];
  onNavigate: () => void;
  nested?: boolean;
}) {
  const { pathname } = useLocation();
  return (
    <List disablePadding={nested} sx={nested ? { pl: 1.5 } : { py: 1 }}>
      {items.map((item) => (
        // A list holds list items: each entry sits in an <li>, a group with its sub-list.
        <ListItem key={item.key} disablePadding sx={{ display: 'block' }}>
          <DrawerEntry item={item} pathname={pathname} onNavigate={onNavigate} />
        </ListItem>
      ))}
    </List>
  );
}

/** Announcements not read yet, beside their entry: a reader sees there is something new. */
function UnreadAnnouncements() {
  const unread = useAnnouncementsUnread().data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <Box
      component="span"
      sx={{
        ml: 1,
        px: 0.75,
        minWidth: 22,
        borderRadius: 11,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontSize: '0.75rem',
        fontWeight: 700,
        lineHeight: '22px',
        textAlign: 'center',
      }}
    >
      <span aria-hidden>{unread > 99 ? '99+' : unread}</span>
      <VisuallyHidden>, {unread} unread</VisuallyHidden>
    </Box>
  );
}

function DrawerEntry({
  item,
  pathname,
  onNavigate,
}: {
  item: DrawerItem;
  pathname: string;
  onNavigate: () => void;
}) {
  if (item.kind === 'group') return <DrawerGroup item={item} onNavigate={onNavigate} />;
  if (item.kind === 'external') return <ExternalItem item={item} onNavigate={onNavigate} />;
  const active = isActive(pathname, item.to);
  return (
    <ListItemButton
      component={RouterLink}
      to={item.to}
      selected={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      sx={itemSx}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>
        <MenuIcon name={item.icon} />
      </ListItemIcon>
      <ListItemText primary={item.title} />
      {item.to === '/announcements' && <UnreadAnnouncements />}
    </ListItemButton>
  );
}

function containsActive(items: DrawerItem[], pathname: string): boolean {
  return items.some((item) =>
    item.kind === 'route'
      ? isActive(pathname, item.to)
      : item.kind === 'group' && containsActive(item.children, pathname),
  );
}

function DrawerGroup({
  item,
  onNavigate,
}: {
  item: DrawerItem & { kind: 'group' };
  onNavigate: () => void;
}) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => containsActive(item.children, pathname));
  const listId = useId();
  return (
    <>
      <ListItemButton
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={listId}
        sx={itemSx}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <MenuIcon name={item.icon} />
        </ListItemIcon>
        <ListItemText primary={item.title} />
        {open ? <ExpandLessOutlined /> : <ExpandMoreOutlined />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit id={listId}>
        <DrawerList items={item.children} onNavigate={onNavigate} nested />
      </Collapse>
    </>
  );
}

function DrawerContent({ items, onNavigate }: { items: DrawerItem[]; onNavigate: () => void }) {
  const organisation = useOrganisation();
  const { user } = useSession();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ px: 2.5 }}>
        <RouterLink
          to="/dashboard"
          onClick={onNavigate}
          style={{ color: 'inherit', textDecoration: 'none', minWidth: 0 }}
        >
          <BrandMark
            size="small"
            title={organisation?.title}
            logo={organisation?.site_logo ?? organisation?.logo}
          />
        </RouterLink>
      </Toolbar>
      <Divider />
      <Box component="nav" aria-label="Main menu" sx={{ flex: 1, overflowY: 'auto' }}>
        <DrawerList items={items} onNavigate={onNavigate} />
      </Box>
      {user && (
        <>
          <Divider />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2 }}>
            <Avatar sx={{ width: 36, height: 36, bgcolor: 'secondary.main', fontSize: '0.95rem' }}>
              {initials(user.fullname)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography noWrap sx={{ fontWeight: 600, fontSize: '0.9rem' }}>
                {user.fullname}
              </Typography>
              <Typography noWrap variant="body2" sx={{ color: 'text.secondary' }}>
                {sidePanelRoleLabel(user.role.id, user.role.name)}
              </Typography>
            </Box>
          </Box>
        </>
      )}
    </Box>
  );
}

interface AppDrawerProps {
  items: DrawerItem[];
  mobileOpen: boolean;
  onMobileClose: () => void;
}

/** The side menu: permanent from md up, a temporary drawer on phones and small tablets. */
export function AppDrawer({ items, mobileOpen, onMobileClose }: AppDrawerProps) {
  const paperSx = { width: DRAWER_WIDTH, boxSizing: 'border-box' as const };
  return (
    <Box sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        ModalProps={{ keepMounted: true }}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paperSx }}
      >
        <DrawerContent items={items} onNavigate={onMobileClose} />
      </Drawer>
      <Drawer
        variant="permanent"
        open
        sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': paperSx }}
      >
        <DrawerContent items={items} onNavigate={() => {}} />
      </Drawer>
    </Box>
  );
}
