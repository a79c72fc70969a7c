import type { TCalendarItem } from '@atrium/contract';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import RssFeedOutlined from '@mui/icons-material/RssFeedOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useSession } from '../../../shared/session/session-context.ts';
import { PageContainer, PageHeader } from '../../../shared/ui/page-header.tsx';
import { useCalendarItems, useCalendarKinds } from '../api/calendar.api.ts';
import {
  type CalendarView,
  kindsFilter,
  rangeQuery,
  readUrlState,
  toCalendarEvent,
  visibleRange,
  writeUrlState,
} from '../calendar-model.ts';
import { CalendarBoard } from '../components/calendar-board.tsx';
import { FeedDialog } from '../components/feed-dialog.tsx';
import { ItemDetailsDialog } from '../components/item-details-dialog.tsx';
import { KindFilters } from '../components/kind-filters.tsx';
import { CALENDAR_MESSAGES, NOTHING_SCHEDULED } from '../labels.ts';
import { useHiddenKinds } from '../use-hidden-kinds.ts';

/**
 * '/calendar': every dated thing of the viewer's (due dates, assessment windows, sessions,
 * events) by month, week, day or as an agenda (the default on phones), filtered by kind, with
 * the private feed URL for calendar apps. The view and the date live in the URL; only the range
 * on screen is fetched.
 */
export default function CalendarPage() {
  const { user } = useSession();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const { view, date } = readUrlState(params, phone ? 'agenda' : 'month', new Date());
  const range = rangeQuery(visibleRange(view, date));

  const kinds = useCalendarKinds();
  const { hidden, toggle } = useHiddenKinds(user?.id);
  const order = useMemo(() => (kinds.data ?? []).map((k) => k.kind), [kinds.data]);
  const labels = useMemo(
    () => new Map((kinds.data ?? []).map((k) => [k.kind, k.label])),
    [kinds.data],
  );
  const filter = kindsFilter(kinds.data ? order : undefined, hidden);
  const items = useCalendarItems(
    range,
    filter.state === 'some' ? filter.kinds : undefined,
    filter.state === 'all' || filter.state === 'some',
  );
  const shown = filter.state === 'none' ? [] : items.data?.items;
  const events = useMemo(() => (shown ?? []).map(toCalendarEvent), [shown]);

  const [selected, setSelected] = useState<TCalendarItem | null>(null);
  const [feedOpen, setFeedOpen] = useState(false);

  const go = (change: { view?: CalendarView; date?: Date }) =>
    setParams((current) => writeUrlState(current, change));

  const loaded = filter.state === 'none' || (items.isSuccess && !items.isPlaceholderData);
  const unavailable = (items.data?.unavailable ?? []).map((k) => labels.get(k) ?? k);

  return (
    <PageContainer>
      <PageHeader
        title="Calendar"
        subtitle="Your due dates, assessment windows, sessions and events in one place."
        actions={
          <Button
            variant="outlined"
            startIcon={<RssFeedOutlined />}
            onClick={() => setFeedOpen(true)}
          >
            Subscribe
          </Button>
        }
      />
      <KindFilters
        kinds={kinds.data}
        loading={kinds.isPending}
        error={kinds.isError ? errorMessage(kinds.error, CALENDAR_MESSAGES.kindsFailed) : null}
        onRetry={() => kinds.refetch()}
        hidden={hidden}
        onToggle={toggle}
      />
      {unavailable.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Some items could not be loaded this time: {unavailable.join(', ')}. Try again later.
        </Alert>
      )}
      <Card sx={{ position: 'relative', overflow: 'visible' }} aria-busy={!loaded}>
        <LinearProgress
          aria-label="Loading the calendar"
          sx={{
            position: 'absolute',
            top: 0,
            left: 0,
            right: 0,
            zIndex: 2,
            visibility: items.isFetching ? 'visible' : 'hidden',
          }}
        />
        {items.isError && (
          <Alert
            severity="error"
            sx={{ m: 1.5 }}
            action={
              <Button color="inherit" size="small" onClick={() => items.refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(items.error, CALENDAR_MESSAGES.itemsFailed)}
          </Alert>
        )}
        {loaded && events.length === 0 && view !== 'agenda' && (
          <Stack
            direction="row"
            spacing={1}
            role="status"
            sx={{ px: 2, pt: 1.5, color: 'text.secondary', alignItems: 'center' }}
          >
            <EventAvailableOutlined fontSize="small" />
            <Typography variant="body2">{NOTHING_SCHEDULED}</Typography>
          </Stack>
        )}
        <CalendarBoard
          events={events}
          view={view}
          date={date}
          kinds={order}
          kindLabels={labels}
          loading={!loaded}
          onView={(next) => go({ view: next })}
          onNavigate={(next) => go({ date: next })}
          onDrillDown={(next, nextView) => go({ date: next, view: nextView })}
          onSelect={(event) => setSelected(event.item)}
        />
      </Card>
      <ItemDetailsDialog
        item={selected}
        kinds={order}
        kindLabels={labels}
        onClose={() => setSelected(null)}
      />
      <FeedDialog open={feedOpen} onClose={() => setFeedOpen(false)} />
    </PageContainer>
  );
}
