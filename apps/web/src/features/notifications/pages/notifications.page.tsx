import { NOTIFICATION_TYPES, type TNotificationType } from '@atrium/contract';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { EmptyState } from '../../../shared/ui/section-card.tsx';
import {
  type NotificationFilter,
  useCounters,
  useMarkAllViewed,
  useMarkViewed,
  useNotificationList,
} from '../api/notifications.api.ts';
import { NotificationItem } from '../components/notification-item.tsx';
import { groupByDay, TYPE_INFO } from '../notification-text.ts';

const PAGE_SIZE = 20;
type ReadFilter = 'all' | 'unread' | 'read';

/** The filters live in the URL (`?type=…&read=unread`), so a filtered view can be shared. */
export function filterFromParams(params: URLSearchParams): {
  read: ReadFilter;
  type: TNotificationType | '';
  filter: NotificationFilter;
} {
  const rawType = params.get('type') ?? '';
  const type = (NOTIFICATION_TYPES as readonly string[]).includes(rawType)
    ? (rawType as TNotificationType)
    : '';
  const rawRead = params.get('read');
  const read: ReadFilter = rawRead === 'unread' || rawRead === 'read' ? rawRead : 'all';
  return {
    read,
    type,
    filter: {
      ...(type ? { type } : {}),
      ...(read === 'all' ? {} : { is_viewed: read === 'read' }),
    },
  };
}

/**
 * Calls `load` whenever the returned element scrolls into view while `ready`: the list grows as
 * you reach its end. The element is the Load more button, which keyboards and old browsers use.
 */
function useLoadMoreWhenVisible(ready: boolean, load: () => void) {
  const ref = useRef<HTMLButtonElement>(null);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    const element = ref.current;
    if (!ready || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ready]);
  return ref;
}

/** '/notifications': every notification of the caller, newest first, filtered, loaded as you go. */
export default function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const { read, type, filter } = filterFromParams(params);
  const list = useNotificationList(filter, PAGE_SIZE);
  const counters = useCounters();
  const markViewed = useMarkViewed();
  const markAll = useMarkAllViewed();
  const unread = counters.data?.notifications ?? 0;
  const items = list.data?.pages.flatMap((page) => page.results) ?? [];
  const total = list.data?.pages[0]?.count ?? 0;
  const sentinel = useLoadMoreWhenVisible(
    list.hasNextPage && !list.isFetchingNextPage,
    () => void list.fetchNextPage(),
  );

  const setParam = (key: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  return (
    <PageContainer maxWidth={880}>
      <PageHeader
        title="Notifications"
        subtitle={unread > 0 ? `${unread} unread` : 'You are all caught up.'}
        actions={
          <Button
            variant="outlined"
            startIcon={<DoneAllOutlined />}
            onClick={() => markAll.mutate()}
            disabled={unread === 0 || markAll.isPending}
          >
            Mark all as read
          </Button>
        }
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' } }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          value={read}
          onChange={(_e, value: ReadFilter | null) =>
            value && setParam('read', value === 'all' ? '' : value)
          }
          aria-label="Read state"
        >
          <ToggleButton value="all">All</ToggleButton>
          <ToggleButton value="unread">Unread</ToggleButton>
          <ToggleButton value="read">Read</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label="Type"
          value={type}
          onChange={(event) => setParam('type', event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ minWidth: { sm: 260 } }}
        >
          <MenuItem value="">All types</MenuItem>
          {NOTIFICATION_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {TYPE_INFO[t].label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      <Card component="section" aria-label="Notification list" aria-busy={list.isPending}>
        {list.isPending ? (
          <Stack spacing={1} sx={{ p: 2 }}>
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} variant="rounded" height={56} />
            ))}
          </Stack>
        ) : list.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessage(list.error)}
          </Alert>
        ) : items.length === 0 ? (
          <EmptyState icon={<NotificationsNoneOutlined fontSize="large" />}>
            {filter.type || filter.is_viewed !== undefined
              ? 'No notification matches these filters.'
              : 'You have no notifications yet. They appear here when something needs you.'}
          </EmptyState>
        ) : (
          <List sx={{ p: 1 }}>
            {groupByDay(items).map((group) => (
              <li key={group.label}>
                <List disablePadding aria-label={group.label}>
                  <ListSubheader disableSticky sx={{ bgcolor: 'transparent', lineHeight: 2.5 }}>
                    {group.label}
                  </ListSubheader>
                  {group.items.map((n) => (
                    <li key={n.id}>
                      <NotificationItem
                        notification={n}
                        onOpen={(opened) => {
                          if (!opened.is_viewed) markViewed.mutate(opened.id);
                        }}
                      />
                    </li>
                  ))}
                </List>
              </li>
            ))}
          </List>
        )}
      </Card>
      {items.length > 0 && (
        <Stack spacing={1} sx={{ alignItems: 'center', mt: 2 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
            Showing {items.length} of {total}
          </Typography>
          {list.hasNextPage && (
            <Button
              ref={sentinel}
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
            >
              Load more
            </Button>
          )}
        </Stack>
      )}
    </PageContainer>
  );
}
