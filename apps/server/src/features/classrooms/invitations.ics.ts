import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';

/**
 * The iCalendar invitation of one learner to one session (RFC 5545 objects, RFC 5546 methods).
 * One UID per session for ever, so every REQUEST updates the same calendar entry and a CANCEL
 * removes it; SEQUENCE only grows for each learner (the sender keeps track). Times are given in
 * the session's own time zone (TZID, with its VTIMEZONE), as the trainer scheduled it, so a
 * calendar in another zone shows the right local time on either side of a DST change.
 */
export interface Invitation {
  method: 'REQUEST' | 'CANCEL';
  /** Host part of the UID: the install's public host. */
  host: string;
  sequence: number;
  session: {
    uuid: string;
    title: string;
    startsAt: Date;
    endsAt: Date;
    timeZone: string;
  };
  description: string;
  /** The room ("Room 2, Main building") or the join page link for an online session. */
  location: string;
  url?: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  stamp?: Date;
}

export const invitationUid = (uuid: string, host: string) => `classroom-session-${uuid}@${host}`;

/**
 * An instant as ical-generator reads a Luxon date: shifted into `zone` by the runtime's time
 * zone data (Intl), whatever the server's own zone. (Given a plain Date, the library would print
 * the server's local wall clock under the session's TZID.)
 */
class ZonedInstant {
  readonly zone: { type: string };
  constructor(
    private readonly instant: Date,
    private readonly timeZone = 'UTC',
  ) {
    this.zone = { type: timeZone === 'UTC' ? 'fixed' : 'iana' };
  }
  setZone(zone?: string) {
    return new ZonedInstant(this.instant, zone ?? this.timeZone);
  }
  toFormat(fmt: string): string {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: this.timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(this.instant)
        .map((p) => [p.type, p.value]),
    );
    if (fmt === 'yyyyLLdd') return `${parts.year}${parts.month}${parts.day}`;
    if (fmt === 'HHmmss') return `${parts.hour}${parts.minute}${parts.second}`;
    throw new Error(`Unsupported date format ${fmt}`);
  }
  toJSDate() {
    return this.instant;
  }
  get isValid() {
    return !Number.isNaN(this.instant.getTime());
  }
  toJSON() {
    return this.instant.toISOString();
  }
}

export function invitationIcs(inv: Invitation): string {
  const cancel = inv.method === 'CANCEL';
  const cal = ical({
    prodId: { company: 'Atrium', product: 'Classrooms', language: 'EN' },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  // No calendar-wide zone (DTSTAMP stays UTC); the generator writes the event's VTIMEZONE.
  cal.timezone({ name: null, generator: getVtimezoneComponent });
  cal.createEvent({
    id: invitationUid(inv.session.uuid, inv.host),
    sequence: inv.sequence,
    stamp: inv.stamp ?? new Date(),
    start: new ZonedInstant(inv.session.startsAt),
    end: new ZonedInstant(inv.session.endsAt),
    timezone: inv.session.timeZone,
    summary: inv.session.title,
    description: inv.description,
    location: inv.location || null,
    url: inv.url ?? null,
    organizer: { name: inv.organizer.name, email: inv.organizer.email },
    attendees: [
      {
        name: inv.attendee.name,
        email: inv.attendee.email,
        role: ICalAttendeeRole.REQ,
        status: cancel ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return cal.toString();
}
