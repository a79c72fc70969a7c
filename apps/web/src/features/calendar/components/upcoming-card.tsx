import type { TCalendarItem } from '@atrium/contract';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { useHasPage } from '../../../shared/navigation/page-availability.ts';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';
import { useCalendarCounts, useCalendarItems, useCalendarKinds } from '../api/calendar.api.ts';
import { formatShortWhen, rangeQuery } from '../calendar-model.ts';
import { CALENDAR_MESSAGES, CALENDAR_PATH } from '../labels.ts';
import { KindSwatch } from './kind-swatch.tsx';

/** The days the card looks ahead, today included. */
export const UPCOMING_DAYS = 7;
const SHOWN = 5;

const viewerZone = () => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Whether an item is still to come (or going on): a moment until it passes, others until they end. */
const ahead = (item: TCalendarItem, now: number) =>
  Date.parse(item.ends_at ?? item.starts_at) >= now;

function ItemRow({ item, kinds, label }: { item: TCalendarItem; kinds: string[]; label: string }) {
  const hasPage = useHasPage();
  return (
    <Stack component="li" direction="row" spacing={1.25} sx={{ alignItems: 'baseline' }}>
      <KindSwatch kind={item.kind} kinds={kinds} />
      <Box sx={{ minWidth: 0 }}>
        {hasPage(item.link) ? (
          <Link
            component={RouterLink}
            to={item.link}
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {item.title}
          </Link>
        ) : (
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.title}</Typography>
        )}
        <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
          {formatShortWhen(item)} · {label}
        </Typography>
      </Box>
    </Stack>
  );
}

/**
 * The dashboard's look at the calendar: how many items the next seven days hold, per kind, and
 * the next five of them, with the way to the whole calendar.
 */
export function UpcomingCard() {
  // One range per visit: today's start to the same time a week on, in the viewer's days.
  const [range] = useState(() => {
    const start = dayjs().startOf('day');
    return rangeQuery({ start: start.toDate(), end: start.add(UPCOMING_DAYS, 'day').toDate() });
  });
  const [zone] = useState(viewerZone);
  const nextId = useId();
  const counts = useCalendarCounts(range, zone);
  const items = useCalendarItems(range, undefined);
  const kinds = useCalendarKinds();
  const order = (kinds.data ?? []).map((k) => k.kind);
  const labelOf = (kind: string) => kinds.data?.find((k) => k.kind === kind)?.label ?? kind;
  const now = Date.now();
  const next = (items.data?.items ?? []).filter((item) => ahead(item, now)).slice(0, SHOWN);
  const perKind = Object.entries(counts.data?.by_kind ?? {})
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));

  return (
    <SectionCard
      title="Coming up"
      subtitle={`Your next ${UPCOMING_DAYS} days.`}
      busy={counts.isPending || items.isPending}
      action={
        <Button component={RouterLink} to={CALENDAR_PATH} size="small">
          Open calendar
        </Button>
      }
    >
      {counts.isPending ? (
        <Skeleton height={56} />
      ) : counts.isError ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {errorMessage(counts.error, CALENDAR_MESSAGES.countsFailed)}
        </Typography>
      ) : counts.data.total === 0 ? (
        <EmptyState icon={<EventAvailableOutlined />}>
          Nothing scheduled in the next {UPCOMING_DAYS} days.
        </EmptyState>
      ) : (
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={{ xs: 2, md: 4 }}
          sx={{ alignItems: { md: 'flex-start' } }}
        >
          <Box sx={{ minWidth: { md: 220 } }}>
            <Typography sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 }}>
              {counts.data.total}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              {counts.data.total === 1 ? 'item' : 'items'} in the next {UPCOMING_DAYS} days
            </Typography>
            <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {perKind.map(([kind, count]) => (
                <Stack
                  component="li"
                  key={kind}
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center' }}
                >
                  <KindSwatch kind={kind} kinds={order} />
                  <Typography variant="body2">
                    {labelOf(kind)}: {count}
                  </Typography>
                </Stack>
              ))}
            </Stack>
            {counts.data.unavailable.length > 0 && (
              <Typography variant="caption" sx={{ color: 'warning.main' }}>
                Some items could not be counted this time.
              </Typography>
            )}
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={nextId} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              Next up
            </Typography>
            {items.isPending ? (
              [0, 1, 2].map((row) => <Skeleton key={row} height={40} />)
            ) : items.isError ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {errorMessage(items.error, CALENDAR_MESSAGES.itemsFailed)}
              </Typography>
            ) : next.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                Nothing more today or later this week.
              </Typography>
            ) : (
              <Stack
                component="ul"
                aria-labelledby={nextId}
                spacing={1.25}
                sx={{ listStyle: 'none', m: 0, p: 0 }}
              >
                {next.map((item) => (
                  <ItemRow key={item.id} item={item} kinds={order} label={labelOf(item.kind)} />
                ))}
              </Stack>
            )}
          </Box>
        </Stack>
      )}
    </SectionCard>
  );
}
