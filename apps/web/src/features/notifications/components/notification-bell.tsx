import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { badgeCount } from '../../../shared/format/badge-count.ts';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import {
  useCounters,
  useLiveNotifications,
  useMarkAllViewed,
  useMarkViewed,
  useNotificationList,
} from '../api/notifications.api.ts';
import { NotificationItem } from './notification-item.tsx';

/** How many of the latest the popover shows; the page has the rest. */
export const POPOVER_SIZE = 8;

/** The bell's accessible name: it says the count the badge shows only visually. */
export function bellLabel(unread: number): string {
  const shown = badgeCount(unread);
  return shown ? `Notifications, ${shown} unread` : 'Notifications';
}

/**
 * The top bar's bell: the unread count from the counters, kept live by the realtime stream, and a
 * popover of the latest notifications (a modal: focus stays inside, Escape closes it).
 */
export function NotificationBell() {
  useLiveNotifications();
  const counters = useCounters();
  const unread = counters.data?.notifications ?? 0;
  const shown = badgeCount(unread);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();

  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          aria-label={bellLabel(unread)}
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          color="inherit"
          data-testid="notification-bell"
        >
          <Badge
            badgeContent={shown}
            color="error"
            invisible={shown === null}
            // error.main under white 12 px digits is below 4.5:1 in dark mode (axe): the darker
            // shade keeps the count readable in both modes.
            sx={{ '& .MuiBadge-badge': { bgcolor: 'error.dark', color: '#fff' } }}
          >
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': 'Latest notifications',
            sx: { width: 380, maxWidth: 'calc(100vw - 16px)', mt: 1 },
          },
        }}
      >
        <NotificationPopoverContent unread={unread} onClose={() => setAnchor(null)} />
      </Popover>
    </>
  );
}

function NotificationPopoverContent({ unread, onClose }: { unread: number; onClose: () => void }) {
  const list = useNotificationList({}, POPOVER_SIZE);
  const markViewed = useMarkViewed();
  const markAll = useMarkAllViewed();
  const items = list.data?.pages[0]?.results ?? [];

  return (
    <Stack sx={{ maxHeight: 'min(560px, calc(100vh - 96px))' }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.25, gap: 1 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          Notifications
        </Typography>
        <Button
          size="small"
          onClick={() => markAll.mutate()}
          disabled={unread === 0 || markAll.isPending}
        >
          Mark all as read
        </Button>
      </Stack>
      <Divider />
      <Box sx={{ overflowY: 'auto', flex: 1, px: 0.5 }}>
        {list.isPending ? (
          <Stack spacing={1} sx={{ p: 1.5 }} aria-busy="true" aria-label="Loading notifications">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={52} />
            ))}
          </Stack>
        ) : list.isError ? (
          <Alert severity="error" sx={{ m: 1.5 }}>
            {errorMessage(list.error)}
          </Alert>
        ) : items.length === 0 ? (
          <EmptyState icon={<NotificationsNoneOutlined fontSize="large" />}>
            You have no notifications yet.
          </EmptyState>
        ) : (
          <List aria-label="Latest notifications" sx={{ py: 0.5 }}>
            {items.map((n) => (
              <li key={n.id}>
                <NotificationItem
                  dense
                  notification={n}
                  onOpen={(opened) => {
                    if (!opened.is_viewed) markViewed.mutate(opened.id);
                    onClose();
                  }}
                />
              </li>
            ))}
          </List>
        )}
      </Box>
      <Divider />
      <Button component={RouterLink} to="/notifications" onClick={onClose} sx={{ m: 1 }}>
        See all
      </Button>
    </Stack>
  );
}
