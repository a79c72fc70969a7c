import {
  REPORT_MAX_YEAR,
  REPORT_MIN_YEAR,
  REPORT_USER_TYPES,
  type TReportUserType,
} from '@atrium/contract';

/*
 * The /reports filters live in the URL query (`?department=3&year=2025`), so a view can be
 * shared and survives a reload. Parsing is forgiving: a value the server would refuse (a
 * malformed id, an impossible date) is dropped instead of turning every widget into an error.
 */

export interface ReportFilters {
  organisation?: number;
  department?: number;
  designation?: number;
  from?: string;
  to?: string;
  year?: number;
  user_type?: TReportUserType;
}

export const FILTER_KEYS = [
  'organisation',
  'department',
  'designation',
  'from',
  'to',
  'year',
  'user_type',
] as const satisfies readonly (keyof ReportFilters)[];

const id = (raw: string | null): number | undefined => {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 ? n : undefined;
};

/** A real calendar day as YYYY-MM-DD (2026-02-31 rolls over in Date, so compare back). */
export function isDay(raw: string | null | undefined): raw is string {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return false;
  const d = new Date(`${raw}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === raw;
}

const year = (raw: string | null): number | undefined => {
  const n = id(raw);
  return n !== undefined && n >= REPORT_MIN_YEAR && n <= REPORT_MAX_YEAR ? n : undefined;
};

const userType = (raw: string | null): TReportUserType | undefined =>
  (REPORT_USER_TYPES as readonly string[]).includes(raw ?? '')
    ? (raw as TReportUserType)
    : undefined;

/** Reads the filters from the URL; `canPickOrganisation` is false for everyone but superadmins. */
export function parseFilters(params: URLSearchParams, canPickOrganisation: boolean): ReportFilters {
  const filters: ReportFilters = {
    organisation: canPickOrganisation ? id(params.get('organisation')) : undefined,
    department: id(params.get('department')),
    designation: id(params.get('designation')),
    from: isDay(params.get('from')) ? (params.get('from') as string) : undefined,
    to: isDay(params.get('to')) ? (params.get('to') as string) : undefined,
    year: year(params.get('year')),
    user_type: userType(params.get('user_type')),
  };
  // A designation belongs to a department: without one it cannot be chosen.
  if (filters.department === undefined) filters.designation = undefined;
  return compact(filters);
}

/** The filters as a URL query, without empty values ('all' user types is the default). */
export function toSearchParams(filters: ReportFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || value === '' || (key === 'user_type' && value === 'all')) continue;
    params.set(key, String(value));
  }
  return params;
}

/** The end of the range before its start: the server refuses it, so the widgets leave it out. */
export const rangeError = (f: ReportFilters): string | null =>
  f.from && f.to && f.from > f.to ? 'The end date must not be before the start date.' : null;

function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The filters every report takes (who is counted). */
export function scopeOf(f: ReportFilters) {
  return compact({
    organisation: f.organisation,
    department: f.department,
    designation: f.designation,
  });
}

/** Scope plus the date range, when the range is valid. */
export function rangeOf(f: ReportFilters) {
  return rangeError(f) ? scopeOf(f) : compact({ ...scopeOf(f), from: f.from, to: f.to });
}

/** Scope plus the year (absent: the server's current year). */
export const yearOf = (f: ReportFilters) => compact({ ...scopeOf(f), year: f.year });

/** The user type, sent only when narrowed. */
export const userTypeOf = (f: ReportFilters) =>
  f.user_type && f.user_type !== 'all' ? { user_type: f.user_type } : {};

/** Whether any filter is set (the Reset button is enabled then). */
export const hasFilters = (f: ReportFilters) => Object.keys(compact(f)).length > 0;
