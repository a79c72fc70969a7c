import type {
  TEventCpdUnit,
  TEventDetail,
  TEventEnrolmentMode,
  TEventInput,
} from '@atrium/contract';
import {
  buildRrule,
  expandRecurrence,
  NO_RECURRENCE,
  parseRrule,
  type Recurrence,
} from '../../model/recurrence.ts';
import { formatLocal, instantToLocal, localToInstant } from '../../model/zoned-time.ts';

/** The event form's values: local date-times in the event's zone, the rule as the builder's. */
export interface EventFormValues {
  title: string;
  type: number | '';
  description: string;
  /** "YYYY-MM-DDTHH:mm" on the event's wall clock (a datetime-local value). */
  starts_at: string;
  ends_at: string;
  time_zone: string;
  repeat: Recurrence;
  /** The stored rule is outside the builder's shapes: edited as text in `rrule`. */
  rawRule: boolean;
  rrule: string;
  /** Occurrence starts (ISO instants) left out. */
  exdates: string[];
  location: string;
  online_url: string;
  capacity: string;
  audienceMode: 'all' | 'groups';
  audience: { departments: number[]; designations: number[]; roles: number[] };
  cpd_value: string;
  cpd_unit: TEventCpdUnit;
  cpd_category: number | '';
  enrolment: TEventEnrolmentMode;
  status: 'draft' | 'published';
}

/** The fields the server's errors may name, as the form names them. */
export const EVENT_FORM_FIELDS = [
  'title',
  'type',
  'description',
  'starts_at',
  'ends_at',
  'time_zone',
  'rrule',
  'exdates',
  'location',
  'online_url',
  'capacity',
  'audience.departments',
  'audience.designations',
  'audience.roles',
  'cpd_value',
  'cpd_unit',
  'cpd_category',
  'enrolment',
  'status',
] as const;

/** Tomorrow at 09:00 on the browser's clock, as a local value (a new event's default start). */
function tomorrowNine(now: Date): string {
  const d = new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0));
  return formatLocal(d);
}

const plusHour = (local: string) => {
  const d = new Date(`${local}:00Z`);
  return Number.isNaN(d.getTime()) ? local : formatLocal(new Date(d.getTime() + 3_600_000));
};

/** The form's starting values: the event's own, or a new event's defaults in `timeZone`. */
export function formValuesOf(
  event: TEventDetail | null,
  timeZone: string,
  now = new Date(),
): EventFormValues {
  if (!event) {
    const start = tomorrowNine(now);
    return {
      title: '',
      type: '',
      description: '',
      starts_at: start,
      ends_at: plusHour(start),
      time_zone: timeZone,
      repeat: { ...NO_RECURRENCE },
      rawRule: false,
      rrule: '',
      exdates: [],
      location: '',
      online_url: '',
      capacity: '',
      audienceMode: 'all',
      audience: { departments: [], designations: [], roles: [] },
      cpd_value: '',
      cpd_unit: 'hours',
      cpd_category: '',
      enrolment: 'open',
      status: 'draft',
    };
  }
  const tz = event.time_zone;
  const repeat = parseRrule(event.rrule, tz);
  return {
    title: event.title,
    type: event.type?.id ?? '',
    description: event.description,
    starts_at: instantToLocal(event.starts_at, tz),
    ends_at: instantToLocal(event.ends_at, tz),
    time_zone: tz,
    repeat: repeat ?? { ...NO_RECURRENCE },
    rawRule: repeat === null,
    rrule: event.rrule ?? '',
    exdates: [...event.exdates],
    location: event.location,
    online_url: event.online_url ?? '',
    capacity: event.capacity === null ? '' : String(event.capacity),
    audienceMode: event.audience ? 'groups' : 'all',
    audience: event.audience ?? { departments: [], designations: [], roles: [] },
    cpd_value: event.cpd_value === null ? '' : String(event.cpd_value),
    cpd_unit: event.cpd_unit ?? 'hours',
    cpd_category: event.cpd_category ?? '',
    enrolment: event.enrolment,
    status: event.status === 'published' ? 'published' : 'draft',
  };
}

/** The occurrence starts the builder's rule gives (what exceptions are picked from). */
export function builderStarts(v: Pick<EventFormValues, 'repeat' | 'starts_at' | 'time_zone'>) {
  if (v.repeat.freq === 'none') return [];
  return expandRecurrence(v.repeat, v.starts_at, v.time_zone);
}

/**
 * The API body of the form's values, or the problems found before sending (field → message):
 * local times become instants in the event's zone, the builder becomes an RRULE, exceptions
 * no longer on the rule are dropped.
 */
export function eventBodyOf(
  v: EventFormValues,
): { body: TEventInput } | { problems: Partial<Record<string, string>> } {
  const problems: Record<string, string> = {};
  const tz = v.time_zone.trim();
  const starts = localToInstant(v.starts_at, tz);
  const ends = localToInstant(v.ends_at, tz);
  if (!tz) problems.time_zone = 'Choose a time zone.';
  if (!starts) problems.starts_at = 'Enter the start date and time.';
  if (!ends) problems.ends_at = 'Enter the end date and time.';
  if (starts && ends && Date.parse(ends) <= Date.parse(starts)) {
    problems.ends_at = 'The end must be after the start.';
  }
  let rrule: string | null;
  let exdates: string[];
  if (v.rawRule) {
    rrule = v.rrule.trim() || null;
    exdates = rrule ? v.exdates : [];
  } else {
    rrule = buildRrule(v.repeat, tz);
    if (v.repeat.freq !== 'none' && rrule === null) {
      problems.rrule =
        v.repeat.end === 'count' ? 'Enter how many times it repeats.' : 'Enter the last date.';
    }
    const known = new Set(builderStarts(v));
    exdates = rrule ? v.exdates.filter((d) => known.has(d)) : [];
  }
  if (Object.keys(problems).length > 0 || !starts || !ends) return { problems };
  const cpd = v.cpd_value.trim() === '' ? null : Number(v.cpd_value);
  return {
    body: {
      title: v.title.trim(),
      type: v.type === '' ? null : v.type,
      description: v.description,
      starts_at: starts,
      ends_at: ends,
      time_zone: tz,
      rrule,
      exdates,
      location: v.location.trim(),
      online_url: v.online_url.trim() || null,
      capacity: v.capacity.trim() === '' ? null : Number(v.capacity),
      audience: v.audienceMode === 'all' ? null : v.audience,
      cpd_value: cpd,
      cpd_unit: cpd === null ? null : v.cpd_unit,
      cpd_category: cpd === null || v.cpd_category === '' ? null : v.cpd_category,
      enrolment: v.enrolment,
      status: v.status,
    },
  };
}
