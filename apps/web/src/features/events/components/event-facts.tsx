import { ROLE_NAMES, type TEventDetail, type TRoleId } from '@atrium/contract';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDepartments } from '../api/options.api.ts';
import { cpdText, ENROLMENT_MODE, plural, seatsText } from '../labels.ts';
import { parseRrule, summariseRecurrence } from '../model/recurrence.ts';
import { instantToLocal } from '../model/zoned-time.ts';
import { shownStart, whenText } from './event-when.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
      <Typography
        component="dt"
        variant="body2"
        sx={{ color: 'text.secondary', width: { sm: 130 }, flexShrink: 0 }}
      >
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** Who the event is for, in words: the whole organisation, or its departments, designations, roles. */
function AudienceText({ event }: { event: TEventDetail }) {
  const a = event.audience;
  const departments = useDepartments(event.organisation, (a?.departments.length ?? 0) > 0);
  if (!a) return <>Whole organisation</>;
  const parts: string[] = [];
  if (a.departments.length > 0) {
    const names = a.departments.map(
      (id) => departments.data?.find((d) => d.id === id)?.name ?? null,
    );
    parts.push(
      names.every((n) => n !== null)
        ? `Departments: ${names.join(', ')}`
        : plural(a.departments.length, 'department'),
    );
  }
  if (a.designations.length > 0) parts.push(plural(a.designations.length, 'designation'));
  if (a.roles.length > 0) {
    parts.push(`Roles: ${a.roles.map((r) => ROLE_NAMES[r as TRoleId] ?? r).join(', ')}`);
  }
  return <>{parts.join(' · ')}</>;
}

/** The event's facts as a description list: when, repeats, where, seats, CPD, audience. */
export function EventFacts({ event }: { event: TEventDetail }) {
  const when = whenText(shownStart(event), event.time_zone);
  const rule = event.rrule ? parseRrule(event.rrule, event.time_zone) : null;
  const repeats = event.rrule
    ? rule
      ? summariseRecurrence(rule, instantToLocal(event.starts_at, event.time_zone))
      : event.rrule
    : null;
  return (
    <Stack component="dl" spacing={1} sx={{ m: 0 }}>
      <Row label={event.next_occurrence || !event.rrule ? 'When' : 'First'}>
        {when.local}
        {when.own && ` (${when.own})`}
      </Row>
      {repeats && <Row label="Repeats">{repeats}</Row>}
      {event.location && <Row label="Location">{event.location}</Row>}
      {event.online_url && (
        <Row label="Online">
          <Link href={event.online_url} target="_blank" rel="noopener noreferrer">
            {event.online_url}
          </Link>
        </Row>
      )}
      <Row label="Seats">{seatsText(event.enrolled_count, event.capacity)}</Row>
      <Row label="Enrolment">{ENROLMENT_MODE[event.enrolment]}</Row>
      {event.cpd_value !== null && (
        <Row label="CPD">{cpdText(event.cpd_value, event.cpd_unit)} per occurrence attended</Row>
      )}
      <Row label="Audience">
        <AudienceText event={event} />
      </Row>
      {event.created_by && <Row label="Organiser">{event.created_by.fullname}</Row>}
    </Stack>
  );
}
