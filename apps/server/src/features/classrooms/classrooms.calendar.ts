import { ROLE } from '@atrium/contract';
import type { CalendarItem, CalendarProvider } from '../../core/calendar-provider.ts';
import { calendar } from './dashboard.calendar.ts';

/** The classroom calendar reads whole UTC days; the calendar cuts its answer to the range. */
const day = (d: Date) => d.toISOString().slice(0, 10);

/** What the caller's own seat says beside the title (a seat held needs no word). */
const BOOKING_NOTE: Record<string, string> = {
  requested: 'seat requested',
  waitlisted: 'on the waitlist',
  attended: 'attended',
  partial: 'attended in part',
  no_show: 'absent',
};

/**
 * Classroom sessions, from the classroom calendar's own query (dashboard.calendar.ts: what the
 * caller may see there). `classroom_session`: the sessions the caller has a seat in (or asked
 * for, or waits for) or trains. `classroom_open`: the others they may act on: for a learner the
 * scheduled sessions of published classrooms not started yet (they may book them); for staff
 * their organisation's scheduled and completed sessions. Cancelled sessions are left out.
 * Link: /classroom/classes?session={session id}.
 */
export const classroomsCalendar: CalendarProvider = {
  kinds: {
    classroom_session: 'My classroom sessions',
    classroom_open: 'Other classroom sessions',
  },
  async items(ctx, actor, range) {
    const staff =
      actor.isSuperadmin || actor.roleId === ROLE.ADMIN || actor.roleId === ROLE.TRAINER;
    const entries = await calendar(ctx.db, actor, {
      from: day(range.from),
      to: day(new Date(range.to.getTime() - 1)),
    });
    const now = Date.now();
    const items: CalendarItem[] = [];
    for (const e of entries) {
      if (e.status === 'cancelled') continue;
      const mine = e.my_booking_status !== null || e.is_trainer;
      const startsAt = new Date(e.starts_at);
      if (!mine && !staff && (e.status !== 'scheduled' || startsAt.getTime() <= now)) continue;
      const note = e.is_trainer
        ? 'you train'
        : e.my_booking_status
          ? BOOKING_NOTE[e.my_booking_status]
          : undefined;
      items.push({
        kind: mine ? 'classroom_session' : 'classroom_open',
        id: `classroom-session:${e.id}`,
        title: e.title,
        startsAt,
        endsAt: new Date(e.ends_at),
        allDay: false,
        timeZone: e.time_zone,
        link: `/classroom/classes?session=${e.id}`,
        location: e.room ?? (e.online ? 'Online' : undefined),
        detail: [`${e.classroom_title} · ${e.class_name}`, note].filter(Boolean).join(' · '),
      });
    }
    return items;
  },
};
