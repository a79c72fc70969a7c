import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { icsLocal } from './zoned-time.ts';

/**
 * iCalendar invitations (RFC 5545 objects, RFC 5546 methods) for anything a slice puts in a
 * person's calendar: a classroom session, an event and its recurrence. The rules every slice
 * shares: one UID per thing for ever, so every REQUEST updates the same calendar entry and a
 * CANCEL removes it; SEQUENCE only grows for each attendee (the sending slice keeps track);
 * times in the thing's own time zone (TZID, with its VTIMEZONE), so a calendar in another zone
 * shows the right local time on either side of a DST change; DTSTAMP in UTC.
 */

/** What a calendar shows of the thing. */
export interface CalendarEntry {
  /** The UID: `<kind>-<uuid>@<host>`, stable for ever. */
  uid: string;
  summary: string;
  description: string;
  /** The first occurrence. */
  start: Date;
  end: Date;
  timeZone: string;
  /** An RFC 5545 RRULE value (no DTSTART; UNTIL in UTC), for a recurring thing. */
  rrule?: string | null;
  /** Occurrence starts left out of the recurrence. */
  exdates?: readonly Date[];
  /** A room or an address; an online thing may give its page. */
  location: string;
  url?: string;
}

export interface Invitation {
  method: 'REQUEST' | 'CANCEL';
  sequence: number;
  entry: CalendarEntry;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** The PRODID's product ("Classrooms", "Events"). */
  product: string;
  stamp?: Date;
}

/**
 * An instant as ical-generator reads a Luxon date: shifted into `zone` by the runtime's time
 * zone data (Intl), whatever the server's own zone. (Given a plain Date, the library would print
 * the server's local wall clock under the event's TZID.) The calendar feed writes its items so too.
 */
export class ZonedInstant {
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
    const local = icsLocal(this.instant, this.timeZone);
    if (fmt === 'yyyyLLdd') return local.slice(0, 8);
    if (fmt === 'HHmmss') return local.slice(9);
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

/** RRULE and EXDATE lines, written as given (ical-generator inserts a multi-line string as is). */
function repeating(entry: CalendarEntry): string | null {
  if (!entry.rrule) return null;
  const lines = [`RRULE:${entry.rrule}`];
  const exdates = entry.exdates ?? [];
  if (exdates.length > 0) {
    lines.push(
      entry.timeZone === 'UTC'
        ? `EXDATE:${exdates.map((d) => `${icsLocal(d, 'UTC')}Z`).join(',')}`
        : `EXDATE;TZID=${entry.timeZone}:${exdates.map((d) => icsLocal(d, entry.timeZone)).join(',')}`,
    );
  }
  // A trailing line break keeps the generator from prefixing a second "RRULE:".
  return `${lines.join('\r\n')}\r\n`;
}

export function invitationIcs(inv: Invitation): string {
  const cancel = inv.method === 'CANCEL';
  const cal = ical({
    prodId: { company: 'Atrium', product: inv.product, language: 'EN' },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  // No calendar-wide zone (DTSTAMP stays UTC); the generator writes the entry's VTIMEZONE.
  cal.timezone({ name: null, generator: getVtimezoneComponent });
  const { entry } = inv;
  cal.createEvent({
    id: entry.uid,
    sequence: inv.sequence,
    stamp: inv.stamp ?? new Date(),
    start: new ZonedInstant(entry.start),
    end: new ZonedInstant(entry.end),
    timezone: entry.timeZone,
    summary: entry.summary,
    description: entry.description,
    location: entry.location || null,
    url: entry.url ?? null,
    repeating: repeating(entry),
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

/** The address part of MAIL_FROM ("Atrium <no-reply@atrium.local>"). */
export const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
