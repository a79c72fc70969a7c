import 'react-big-calendar/lib/css/react-big-calendar.css';
import dayjs from 'dayjs';
import { type KeyboardEvent, type SyntheticEvent, useMemo } from 'react';
import {
  Calendar,
  type Components,
  dayjsLocalizer,
  type EventProps,
  type Formats,
  type Messages,
} from 'react-big-calendar';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import {
  AGENDA_DAYS,
  CALENDAR_VIEWS,
  type CalendarEvent,
  type CalendarView,
  isCalendarView,
  kindTone,
} from '../calendar-model.ts';
import { NOTHING_SCHEDULED } from '../labels.ts';
import { CalendarFrame, kindClass } from './calendar-frame.tsx';
import { CalendarToolbar } from './calendar-toolbar.tsx';

const localizer = dayjsLocalizer(dayjs);

/** Dates and times in the viewer's language (undefined: the browser's), not dayjs' English. */
const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(undefined, options);
const time = intl({ timeStyle: 'short' });
const timeRange = ({ start, end }: { start: Date; end: Date }) =>
  end.getTime() > start.getTime() ? time.formatRange(start, end) : time.format(start);
const dayRange = ({ start, end }: { start: Date; end: Date }) =>
  intl({ day: 'numeric', month: 'short', year: 'numeric' }).formatRange(start, end);

const formats: Formats = {
  dateFormat: (date: Date) => intl({ day: 'numeric' }).format(date),
  dayFormat: (date: Date) => intl({ weekday: 'short', day: 'numeric' }).format(date),
  weekdayFormat: (date: Date) => intl({ weekday: 'short' }).format(date),
  monthHeaderFormat: (date: Date) => intl({ month: 'long', year: 'numeric' }).format(date),
  dayHeaderFormat: (date: Date) => intl({ dateStyle: 'full' }).format(date),
  dayRangeHeaderFormat: dayRange,
  agendaHeaderFormat: dayRange,
  agendaDateFormat: (date: Date) =>
    intl({ weekday: 'short', day: 'numeric', month: 'short' }).format(date),
  agendaTimeFormat: (date: Date) => time.format(date),
  agendaTimeRangeFormat: timeRange,
  timeGutterFormat: (date: Date) => time.format(date),
  eventTimeRangeFormat: timeRange,
  selectRangeFormat: timeRange,
};

const messagesWhile = (loading: boolean): Messages<CalendarEvent> => ({
  allDay: 'All day',
  date: 'Date',
  time: 'Time',
  event: 'Item',
  // The agenda says it itself when it has nothing; not before its items have come.
  noEventsInRange: loading ? 'Loading…' : NOTHING_SCHEDULED,
  showMore: (count: number) => `+${count} more`,
});
const MESSAGES = { loading: messagesWhile(true), loaded: messagesWhile(false) };

const VIEWS = [...CALENDAR_VIEWS];
/** The week and day views open at 07:00 (only the time counts). */
const SCROLL_TO = new Date(1970, 0, 1, 7);

interface CalendarBoardProps {
  events: CalendarEvent[];
  view: CalendarView;
  date: Date;
  /** Every kind in the server's order (their colours) and their labels. */
  kinds: readonly string[];
  kindLabels: ReadonlyMap<string, string>;
  /** The range's items have not come yet. */
  loading: boolean;
  onView: (view: CalendarView) => void;
  onNavigate: (date: Date) => void;
  /** A day's or week's heading was chosen: that date in that view, in one step. */
  onDrillDown: (date: Date, view: CalendarView) => void;
  onSelect: (event: CalendarEvent) => void;
}

/** react-big-calendar in the app's toolbar, colours and language; each item a button. */
export function CalendarBoard({
  events,
  view,
  date,
  kinds,
  kindLabels,
  loading,
  onView,
  onNavigate,
  onDrillDown,
  onSelect,
}: CalendarBoardProps) {
  const components = useMemo<Components<CalendarEvent>>(() => {
    const nameOf = (event: CalendarEvent) => {
      const kind = kindLabels.get(event.item.kind);
      return kind ? `${event.title} (${kind})` : event.title;
    };
    // Month cells and the agenda's rows are not focusable: the item's own button makes it
    // reachable by keyboard (its click reaches the calendar's handler).
    function EventButton({ event }: EventProps<CalendarEvent>) {
      return (
        <button type="button" className="atrium-event-button" aria-label={nameOf(event)}>
          {event.title}
        </button>
      );
    }
    // The week and day grids draw a timed item as a focusable role="button" already: a button
    // inside would nest. Their all-day row uses month's cells (the ones given a localizer).
    function TimeGridEvent(props: EventProps<CalendarEvent>) {
      if (props.localizer) return <EventButton {...props} />;
      const kind = kindLabels.get(props.event.item.kind);
      return (
        <>
          {props.event.title}
          {kind && <VisuallyHidden> ({kind})</VisuallyHidden>}
        </>
      );
    }
    return {
      toolbar: CalendarToolbar,
      month: { event: EventButton },
      agenda: { event: EventButton },
      week: { event: TimeGridEvent },
      day: { event: TimeGridEvent },
    };
  }, [kindLabels]);

  /** Enter or Space on a week or day grid's item (month's and the agenda's are buttons). */
  const onKeyPressEvent = (event: CalendarEvent, e: SyntheticEvent<HTMLElement>) => {
    const key = (e as KeyboardEvent<HTMLElement>).key;
    if ((key === 'Enter' || key === ' ') && e.target === e.currentTarget) {
      e.preventDefault();
      onSelect(event);
    }
  };

  // A class per colour (calendar-frame.tsx draws them from the theme): the agenda puts the
  // same props on its rows, which take only a coloured edge.
  const eventPropGetter = (event: CalendarEvent) => {
    const { tone, outlined } = kindTone(event.item.kind, kinds);
    return { className: kindClass(tone, outlined) };
  };

  return (
    <CalendarFrame height={view === 'agenda' ? 'auto' : { xs: 560, md: 720 }}>
      <Calendar<CalendarEvent>
        localizer={localizer}
        events={events}
        view={view}
        views={VIEWS}
        date={date}
        length={AGENDA_DAYS}
        onView={(next) => {
          if (isCalendarView(next)) onView(next);
        }}
        onNavigate={(next) => onNavigate(next)}
        onDrillDown={(next, nextView) => {
          if (isCalendarView(nextView)) onDrillDown(next, nextView);
        }}
        onSelectEvent={onSelect}
        onKeyPressEvent={onKeyPressEvent}
        eventPropGetter={eventPropGetter}
        components={components}
        formats={formats}
        messages={loading ? MESSAGES.loading : MESSAGES.loaded}
        popup
        scrollToTime={SCROLL_TO}
        style={{ height: view === 'agenda' ? 'auto' : '100%' }}
      />
    </CalendarFrame>
  );
}
