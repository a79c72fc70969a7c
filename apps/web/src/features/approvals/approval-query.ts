import {
  APPROVAL_STATUSES,
  ROLE,
  type TApprovalBulkResult,
  type TApprovalRequest,
  type TApprovalRequestStatus,
} from '@atrium/contract';
import type { ApprovalScope, SummaryQuery } from './api/requests.api.ts';

/*
 * What /requests keeps in its URL (`?tab=…&module=…&status=…&from=…&to=…&request=…`), so a view
 * can be shared and the back button works, and the small rules its components share.
 */

export type RequestsTab = 'to_approve' | 'mine' | 'all' | 'delegations' | 'settings';

export const TAB_LABELS: Record<RequestsTab, string> = {
  to_approve: 'To approve',
  mine: 'My requests',
  all: 'All requests',
  delegations: 'Delegations',
  settings: 'Approval settings',
};

/** Tabs that list requests, with the scope each one asks the server for. */
export const LIST_TABS = ['to_approve', 'mine', 'all'] as const satisfies readonly ApprovalScope[];
export const isListTab = (tab: RequestsTab): tab is ApprovalScope =>
  (LIST_TABS as readonly string[]).includes(tab);

const STAFF = new Set<number>([ROLE.SUPERADMIN, ROLE.ADMIN, ROLE.TRAINER]);
const ADMINS = new Set<number>([ROLE.SUPERADMIN, ROLE.ADMIN]);

/**
 * The tabs a role sees, in order: approvers (staff) decide and delegate; everyone has their own
 * requests; admins see the organisation's and configure the flows (when the panel is built in).
 */
export function tabsFor(roleId: number | undefined, withSettings: boolean): RequestsTab[] {
  const staff = roleId !== undefined && STAFF.has(roleId);
  const admin = roleId !== undefined && ADMINS.has(roleId);
  const tabs: RequestsTab[] = [];
  if (staff) tabs.push('to_approve');
  tabs.push('mine');
  if (admin) tabs.push('all');
  if (staff) tabs.push('delegations');
  if (admin && withSettings) tabs.push('settings');
  return tabs;
}

/** `?tab=` when the role may see it, else the role's first tab. */
export function tabFromParams(params: URLSearchParams, tabs: readonly RequestsTab[]): RequestsTab {
  const raw = params.get('tab');
  return (tabs as readonly string[]).includes(raw ?? '') ? (raw as RequestsTab) : tabs[0]!;
}

/** The status filter: a status, or every status. */
export type StatusFilter = TApprovalRequestStatus | 'any';

/** What waits for a decision comes first on To approve; the other lists show everything. */
export const defaultStatus = (tab: ApprovalScope): StatusFilter =>
  tab === 'to_approve' ? 'pending' : 'any';

export interface RequestFilters {
  module: string;
  status: StatusFilter;
  /** YYYY-MM-DD, or '' for no bound. */
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const KIND = /^[a-z][a-z_]{1,39}$/;

/** The list filters of a tab from the URL; anything malformed is ignored, not sent. */
export function filtersFromParams(params: URLSearchParams, tab: ApprovalScope): RequestFilters {
  const status = params.get('status') ?? '';
  const module = params.get('module') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    module: KIND.test(module) ? module : '',
    status:
      status === 'any' || (APPROVAL_STATUSES as readonly string[]).includes(status)
        ? (status as StatusFilter)
        : defaultStatus(tab),
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
  };
}

/** The summary query of a tab's filters and page (page from 0, as MUI counts). */
export function summaryQuery(
  filters: RequestFilters,
  page: number,
  pageSize: number,
): SummaryQuery {
  return {
    page: page + 1,
    page_size: pageSize,
    ...(filters.module ? { module: filters.module } : {}),
    ...(filters.status !== 'any' ? { status: filters.status } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

export const hasFilters = (filters: RequestFilters, tab: ApprovalScope): boolean =>
  filters.module !== '' ||
  filters.status !== defaultStatus(tab) ||
  filters.from !== '' ||
  filters.to !== '';

export const STATUS_LABELS: Record<TApprovalRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/** "Level 2 of 3"; a single-level flow says nothing more than "1 of 1". */
export const levelText = (r: Pick<TApprovalRequest, 'level' | 'level_count'>): string =>
  `${r.level} of ${r.level_count}`;

/** Who the request waits on: names, or a dash once it is closed. */
export function waitingText(r: Pick<TApprovalRequest, 'waiting_on' | 'status'>): string {
  if (r.status !== 'pending') return '—';
  if (r.waiting_on.length === 0) return 'No approver available';
  return r.waiting_on.map((p) => p.fullname).join(', ');
}

/** True when the caller may decide this request now. */
export const canDecide = (r: Pick<TApprovalRequest, 'abilities'>): boolean =>
  r.abilities.approve || r.abilities.reject;

/**
 * Where the subject opens. An approver opens it in request-flow mode (`?requestflow=<id>`), the
 * app's approver view of the item; the requester opens the item itself.
 */
export function subjectHref(r: Pick<TApprovalRequest, 'id' | 'subject'>, approver: boolean) {
  if (!approver) return r.subject.link;
  const [path, hash] = r.subject.link.split('#', 2);
  const sep = path!.includes('?') ? '&' : '?';
  return `${path}${sep}requestflow=${r.id}${hash === undefined ? '' : `#${hash}`}`;
}

/** A date for tables: "3 Mar 2026", or a dash. */
export function formatDay(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** A moment for the history: "3 Mar 2026, 14:05". */
export function formatMoment(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

export interface BulkOutcome {
  done: number;
  failed: { id: number; title: string; message: string }[];
}

/** Splits a bulk decision's results into successes and failures, naming the failed requests. */
export function bulkOutcome(
  result: TApprovalBulkResult,
  rows: readonly Pick<TApprovalRequest, 'id' | 'subject' | 'requester'>[],
): BulkOutcome {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const failed = result.results
    .filter((r) => !r.ok)
    .map((r) => {
      const row = byId.get(r.id);
      return {
        id: r.id,
        title: row ? `${row.subject.title} (${row.requester.fullname})` : `Request ${r.id}`,
        message: r.message ?? 'The server did not say why.',
      };
    });
  return { done: result.results.length - failed.length, failed };
}
