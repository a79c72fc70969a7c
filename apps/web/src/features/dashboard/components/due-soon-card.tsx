import { calendarOps, type TCalendarItem } from '@atrium/contract';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { useHasPage } from '../../../shared/navigation/page-availability.ts';
import { EmptyState, SectionCard } from '../../../shared/ui/section-card.tsx';

/** Due dates of the courses and learning paths the learner is still taking. */
export const DUE_KINDS = 'course_due,learning_path_due';
/** How far back (overdue, still not completed) and ahead the card looks. */
export const DUE_DAYS_BACK = 30;
export const DUE_DAYS_AHEAD = 30;
const SHOWN = 5;
const DAY_MS = 86_400_000;

/** A due date is a whole day, read in UTC (the calendar's all-day items). */
const dueDay = (item: TCalendarItem) =>
  new Date(item.starts_at).toLocaleDateString(undefined, {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
/** Overdue once the due day has ended. */
const overdue = (item: TCalendarItem, now: number) =>
  Date.parse(item.ends_at ?? item.starts_at) <= now;

function DueRow({ item, now }: { item: TCalendarItem; now: number }) {
  const hasPage = useHasPage();
  const late = overdue(item, now);
  const title = item.title.replace(/^Due: /, '');
  return (
    <Stack
      component="li"
      direction="row"
      sx={{ gap: 1, alignItems: 'center', justifyContent: 'space-between' }}
    >
      <Box sx={{ minWidth: 0 }}>
        {hasPage(item.link) ? (
          <Link
            component={RouterLink}
            to={item.link}
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {title}
          </Link>
        ) : (
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
        )}
        <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
          {item.kind === 'learning_path_due' ? 'Learning path' : 'Course'} · due {dueDay(item)}
        </Typography>
      </Box>
      {late && <Chip size="small" color="error" variant="outlined" label="Overdue" />}
    </Stack>
  );
}

/**
 * The learner's "Due soon": courses and learning paths still to complete whose due date passed
 * in the last 30 days (overdue first) or falls in the next 30, from the calendar (which lists
 * only what the learner is still enrolled in, not completed).
 */
export function DueSoonCard() {
  const now = useMemo(() => Date.now(), []);
  const query = useMemo(
    () => ({
      from: new Date(now - DUE_DAYS_BACK * DAY_MS).toISOString(),
      to: new Date(now + DUE_DAYS_AHEAD * DAY_MS).toISOString(),
      kinds: DUE_KINDS,
    }),
    [now],
  );
  const items = useQuery({
    queryKey: ['calendar', 'items', query.from, query.to, DUE_KINDS],
    queryFn: ({ signal }) => call(calendarOps.items, { query, signal }),
  });
  // Sorted by start already: overdue ones come first, the oldest first.
  const shown = items.data?.items.slice(0, SHOWN) ?? [];
  const more = (items.data?.items.length ?? 0) - shown.length;
  return (
    <SectionCard
      title="Due soon"
      subtitle="Courses and learning paths with a due date."
      busy={items.isPending}
    >
      {items.isPending ? (
        [0, 1, 2].map((row) => <Skeleton key={row} height={40} />)
      ) : items.isError ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {errorMessage(items.error, 'Could not get your due dates.')}
        </Typography>
      ) : shown.length === 0 ? (
        <EmptyState icon={<EventAvailableOutlined />}>
          Nothing due in the next {DUE_DAYS_AHEAD} days.
        </EmptyState>
      ) : (
        <>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {shown.map((item) => (
              <DueRow key={item.id} item={item} now={now} />
            ))}
          </Stack>
          {more > 0 && (
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 2 }}>
              And {more} more on the{' '}
              <Link component={RouterLink} to="/calendar">
                calendar
              </Link>
              .
            </Typography>
          )}
        </>
      )}
    </SectionCard>
  );
}
