import {
  COURSE_LEVELS,
  COURSE_ORDERINGS,
  COURSE_STATUSES,
  type FILTER_TYPES,
} from '@atrium/contract';

export type CourseLevel = (typeof COURSE_LEVELS)[number];
export type CourseStatus = (typeof COURSE_STATUSES)[number];
export type CourseOrdering = (typeof COURSE_ORDERINGS)[number];
export type FilterType = (typeof FILTER_TYPES)[number];

/**
 * The list state of every course list (catalogue, table, category): kept in the URL search
 * params so reload, back and forward, and a shared link all show the same page.
 * '' / null mean "any"; page counts from 1, as the server does.
 */
export interface CatalogueState {
  search: string;
  category: number | null;
  level: '' | CourseLevel;
  language: string;
  tag: string;
  status: '' | CourseStatus;
  ordering: CourseOrdering;
  page: number;
  pageSize: number;
}

export const DEFAULT_ORDERING: CourseOrdering = '-created_at';
export const CARD_PAGE_SIZE = 12;
export const TABLE_PAGE_SIZES = [10, 25, 50, 100] as const;

export const ORDERING_LABELS: Record<CourseOrdering, string> = {
  '-created_at': 'Newest first',
  created_at: 'Oldest first',
  title: 'Title A–Z',
  '-title': 'Title Z–A',
  '-published_at': 'Recently published',
};
export const LEVEL_LABELS: Record<CourseLevel, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};
export const STATUS_LABELS: Record<
  CourseStatus,
  { label: string; color: 'default' | 'warning' | 'info' | 'success' }
> = {
  draft: { label: 'Draft', color: 'default' },
  pending: { label: 'Pending approval', color: 'warning' },
  approved: { label: 'Approved', color: 'info' },
  published: { label: 'Published', color: 'success' },
};
export const FILTER_TYPE_LABELS: Record<FilterType, string> = {
  all: 'All',
  published: 'Published',
  draft: 'Drafts',
  pending: 'Pending',
  cpd: 'CPD',
  mine: 'Mine',
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((item) => item === value);

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** Reads the list state from the URL; anything malformed falls back to its default. */
export function readCatalogueState(
  params: URLSearchParams,
  defaultPageSize: number,
): CatalogueState {
  return {
    search: params.get('search') ?? '',
    category: positiveInt(params.get('category')),
    level: oneOf(COURSE_LEVELS, params.get('level')) ?? '',
    language: (params.get('language') ?? '').slice(0, 10),
    tag: (params.get('tag') ?? '').slice(0, 40),
    status: oneOf(COURSE_STATUSES, params.get('status')) ?? '',
    ordering: oneOf(COURSE_ORDERINGS, params.get('ordering')) ?? DEFAULT_ORDERING,
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: Math.min(100, positiveInt(params.get('page_size')) ?? defaultPageSize),
  };
}

/**
 * Writes changes into the URL params, keeping params that are not list state (such as the tab);
 * defaults are left out so the URL stays short. Changing anything but the page goes back to
 * page 1, since the old page number means nothing in a different result set.
 */
export function writeCatalogueState(
  params: URLSearchParams,
  current: CatalogueState,
  changes: Partial<CatalogueState>,
  defaultPageSize: number,
): URLSearchParams {
  const resetsPage = Object.keys(changes).some((key) => key !== 'page');
  const next: CatalogueState = { ...current, ...(resetsPage ? { page: 1 } : {}), ...changes };
  const out = new URLSearchParams(params);
  const set = (key: string, value: string | number | null, fallback: string | number | null) => {
    if (value === null || value === '' || value === fallback) out.delete(key);
    else out.set(key, String(value));
  };
  set('search', next.search.trim(), '');
  set('category', next.category, null);
  set('level', next.level, '');
  set('language', next.language.trim(), '');
  set('tag', next.tag.trim(), '');
  set('status', next.status, '');
  set('ordering', next.ordering, DEFAULT_ORDERING);
  set('page', next.page, 1);
  set('page_size', next.pageSize, defaultPageSize);
  return out;
}

/** What the course list endpoints take (ZCatalogueQuery), as the client sends it. */
export type CourseListQuery = {
  search?: string;
  category?: number;
  level?: CourseLevel;
  language?: string;
  tag?: string;
  status?: CourseStatus;
  ordering: CourseOrdering;
  page: number;
  page_size: number;
};

/** The query the course list endpoints take: empty filters left out. */
export function catalogueApiQuery(state: CatalogueState, staff: boolean): CourseListQuery {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    search: text(state.search),
    category: state.category ?? undefined,
    level: state.level === '' ? undefined : state.level,
    language: text(state.language),
    tag: text(state.tag)?.toLowerCase(),
    // Learners only ever see published courses; a status filter is a staff tool.
    status: staff && state.status !== '' ? state.status : undefined,
    ordering: state.ordering,
    page: state.page,
    page_size: state.pageSize,
  };
}

/** Whether any filter narrows the list (the empty state then says "no match", not "none yet"). */
export function isFiltered(state: CatalogueState): boolean {
  return (
    state.search.trim() !== '' ||
    state.category !== null ||
    state.level !== '' ||
    state.language.trim() !== '' ||
    state.tag.trim() !== '' ||
    state.status !== ''
  );
}

export const pageCount = (count: number, pageSize: number) =>
  Math.max(1, Math.ceil(count / pageSize));

/** 90 → '1 h 30 min'; null when the course gives no duration. */
export function formatMinutes(minutes: number | null): string | null {
  if (minutes === null) return null;
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** A language code as its English name where the browser knows it ('en' → 'English'). */
export function languageName(code: string | null): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
