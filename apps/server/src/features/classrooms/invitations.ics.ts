import { invitationIcs as calendarIcs } from '../../core/calendar/ics.ts';

/**
 * The iCalendar invitation of one learner to one session: core/calendar/ics.ts writes it by the
 * rules every slice shares (one UID per session for ever, SEQUENCE growing per learner, times in
 * the session's own zone with its VTIMEZONE); this names the session's UID and fields.
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

export function invitationIcs(inv: Invitation): string {
  return calendarIcs({
    method: inv.method,
    sequence: inv.sequence,
    product: 'Classrooms',
    entry: {
      uid: invitationUid(inv.session.uuid, inv.host),
      summary: inv.session.title,
      description: inv.description,
      start: inv.session.startsAt,
      end: inv.session.endsAt,
      timeZone: inv.session.timeZone,
      location: inv.location,
      ...(inv.url === undefined ? {} : { url: inv.url }),
    },
    organizer: inv.organizer,
    attendee: inv.attendee,
    ...(inv.stamp === undefined ? {} : { stamp: inv.stamp }),
  });
}
