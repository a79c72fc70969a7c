import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { invitationIcs, invitationUid } from './invitations.ics.ts';

/** What a calendar client reads of an invitation: parsed with ical.js, as Thunderbird does. */
function parse(ics: string) {
  const cal = new ICAL.Component(ICAL.parse(ics));
  const event = cal.getFirstSubcomponent('vevent')!;
  const start = event.getFirstProperty('dtstart')!;
  return {
    cal,
    event,
    method: cal.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    tzid: start.getParameter('tzid'),
    start: start.getFirstValue() as ICAL.Time,
    end: event.getFirstPropertyValue('dtend') as ICAL.Time,
    timezones: cal.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid')),
  };
}

const session = {
  uuid: '4f6c9a52-1d1e-4a55-9a40-2f4d1f7f3b10',
  title: 'First aid, day 1',
  // 09:30–11:00 in London in July (BST, UTC+1).
  startsAt: new Date('2026-07-01T08:30:00Z'),
  endsAt: new Date('2026-07-01T10:00:00Z'),
  timeZone: 'Europe/London',
};
const base = {
  host: 'learn.example.org',
  session,
  description: 'You have a seat.',
  location: 'Room 2, Main building',
  organizer: { name: 'Acme', email: 'no-reply@example.org' },
  attendee: { name: 'Ada Lovelace', email: 'ada@example.org' },
};

describe('classroom invitations (iCalendar)', () => {
  it('a REQUEST names the session by a stable UID, in its own time zone with its VTIMEZONE', () => {
    const ics = invitationIcs({ ...base, method: 'REQUEST', sequence: 0 });
    const p = parse(ics);
    expect(p.method).toBe('REQUEST');
    expect(p.uid).toBe(`classroom-session-${session.uuid}@learn.example.org`);
    expect(p.uid).toBe(invitationUid(session.uuid, 'learn.example.org'));
    expect(p.sequence).toBe(0);
    expect(p.status).toBe('CONFIRMED');
    expect(p.tzid).toBe('Europe/London');
    expect(p.timezones).toEqual(['Europe/London']);
    // The wall clock of the session's zone, and the same instant once the zone is applied.
    expect(ics).toMatch(/^DTSTART;TZID=Europe\/London:20260701T093000\r?$/m);
    expect(ics).toMatch(/^DTEND;TZID=Europe\/London:20260701T110000\r?$/m);
    expect([p.start.hour, p.start.minute, p.end.hour]).toEqual([9, 30, 11]);
    const zone = new ICAL.Timezone(p.cal.getFirstSubcomponent('vtimezone')!);
    p.start.zone = zone;
    expect(p.start.toJSDate().toISOString()).toBe(session.startsAt.toISOString());
    // DTSTAMP is UTC, as RFC 5545 requires.
    expect(ics).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r?$/m);
    expect(p.event.getFirstPropertyValue('organizer')).toBe('mailto:no-reply@example.org');
    expect(String(p.event.getFirstPropertyValue('attendee')).toLowerCase()).toBe(
      'mailto:ada@example.org',
    );
    expect(p.event.getFirstPropertyValue('location')).toBe('Room 2, Main building');
    expect(p.event.getFirstPropertyValue('summary')).toBe('First aid, day 1');
  });

  it('a CANCEL keeps the UID, carries the higher SEQUENCE and STATUS:CANCELLED', () => {
    const p = parse(invitationIcs({ ...base, method: 'CANCEL', sequence: 3 }));
    expect(p.method).toBe('CANCEL');
    expect(p.uid).toBe(`classroom-session-${session.uuid}@learn.example.org`);
    expect(p.sequence).toBe(3);
    expect(p.status).toBe('CANCELLED');
  });

  it('the wall clock follows the zone across a DST change (winter: GMT; New York: UTC−5)', () => {
    const winter = invitationIcs({
      ...base,
      method: 'REQUEST',
      sequence: 1,
      session: {
        ...session,
        startsAt: new Date('2026-12-01T09:00:00Z'),
        endsAt: new Date('2026-12-01T10:00:00Z'),
      },
    });
    expect(winter).toMatch(/^DTSTART;TZID=Europe\/London:20261201T090000\r?$/m);
    const ny = parse(
      invitationIcs({
        ...base,
        method: 'REQUEST',
        sequence: 1,
        session: {
          ...session,
          timeZone: 'America/New_York',
          startsAt: new Date('2026-12-01T14:00:00Z'),
          endsAt: new Date('2026-12-01T15:00:00Z'),
        },
      }),
    );
    expect(ny.tzid).toBe('America/New_York');
    expect(ny.timezones).toEqual(['America/New_York']);
    expect(ny.start.hour).toBe(9);
    // A session scheduled in UTC is written in UTC form (no zone to describe).
    const utc = invitationIcs({
      ...base,
      method: 'REQUEST',
      sequence: 0,
      session: { ...session, timeZone: 'UTC' },
    });
    expect(utc).toMatch(/^DTSTART:20260701T083000Z\r?$/m);
  });
});
