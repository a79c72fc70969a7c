import { ROLE } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import {
  bulkOutcome,
  filtersFromParams,
  hasFilters,
  levelText,
  subjectHref,
  summaryQuery,
  tabFromParams,
  tabsFor,
  waitingText,
} from './approval-query.ts';
import { approvalRequest } from './test-requests.ts';

describe('tabs per role', () => {
  it('gives staff To approve and Delegations, admins All requests and settings, everyone theirs', () => {
    expect(tabsFor(ROLE.LEARNER, true)).toEqual(['mine']);
    expect(tabsFor(ROLE.TRAINER, true)).toEqual(['to_approve', 'mine', 'delegations']);
    expect(tabsFor(ROLE.ADMIN, true)).toEqual([
      'to_approve',
      'mine',
      'all',
      'delegations',
      'settings',
    ]);
    expect(tabsFor(ROLE.SUPERADMIN, false)).toEqual(['to_approve', 'mine', 'all', 'delegations']);
    expect(tabsFor(undefined, true)).toEqual(['mine']);
  });

  it('reads ?tab= only when the role has that tab', () => {
    const learner = tabsFor(ROLE.LEARNER, true);
    const trainer = tabsFor(ROLE.TRAINER, true);
    expect(tabFromParams(new URLSearchParams('tab=all'), learner)).toBe('mine');
    expect(tabFromParams(new URLSearchParams('tab=all'), trainer)).toBe('to_approve');
    expect(tabFromParams(new URLSearchParams('tab=delegations'), trainer)).toBe('delegations');
    expect(tabFromParams(new URLSearchParams(''), trainer)).toBe('to_approve');
  });
});

describe('filters in the URL', () => {
  it('defaults To approve to pending and the other lists to every status', () => {
    const none = new URLSearchParams('');
    expect(filtersFromParams(none, 'to_approve').status).toBe('pending');
    expect(filtersFromParams(none, 'mine').status).toBe('any');
    expect(hasFilters(filtersFromParams(none, 'to_approve'), 'to_approve')).toBe(false);
    expect(
      hasFilters(filtersFromParams(new URLSearchParams('status=any'), 'to_approve'), 'to_approve'),
    ).toBe(true);
  });

  it('ignores malformed values instead of sending them', () => {
    const f = filtersFromParams(
      new URLSearchParams('module=Bad-Kind&status=maybe&from=2026-13&to=yesterday'),
      'all',
    );
    expect(f).toEqual({ module: '', status: 'any', from: '', to: '' });
  });

  it('turns filters and the page into the summary query, leaving out what is unset', () => {
    const f = filtersFromParams(
      new URLSearchParams('module=course_enrolment&status=rejected&from=2026-03-01'),
      'all',
    );
    expect(summaryQuery(f, 2, 25)).toEqual({
      page: 3,
      page_size: 25,
      module: 'course_enrolment',
      status: 'rejected',
      from: '2026-03-01',
    });
    expect(
      summaryQuery(filtersFromParams(new URLSearchParams('status=any'), 'mine'), 0, 10),
    ).toEqual({ page: 1, page_size: 10 });
  });
});

describe('request text', () => {
  it('shows the level as n of m and who it waits on while pending', () => {
    const r = approvalRequest({
      level: 2,
      level_count: 3,
      waiting_on: [
        { id: 1, fullname: 'Ada Admin' },
        { id: 2, fullname: 'Bo Boss' },
      ],
    });
    expect(levelText(r)).toBe('2 of 3');
    expect(waitingText(r)).toBe('Ada Admin, Bo Boss');
    expect(waitingText({ ...r, status: 'approved', waiting_on: [] })).toBe('—');
    expect(waitingText({ ...r, waiting_on: [] })).toBe('No approver available');
  });

  it('opens the subject in request-flow mode for approvers only, keeping its query and hash', () => {
    const r = approvalRequest({ id: 5 });
    expect(subjectHref(r, false)).toBe('/courses/course-detail/7');
    expect(subjectHref(r, true)).toBe('/courses/course-detail/7?requestflow=5');
    const withQuery = { ...r, subject: { ...r.subject, link: '/x?tab=a#top' } };
    expect(subjectHref(withQuery, true)).toBe('/x?tab=a&requestflow=5#top');
  });
});

describe('bulkOutcome', () => {
  it('counts successes and names each failure with the server’s reason', () => {
    const rows = [
      approvalRequest({ id: 1 }),
      approvalRequest({ id: 2, subject: { id: 8, title: 'Fire drill', link: '/c/8' } }),
    ];
    const outcome = bulkOutcome(
      {
        results: [
          { id: 1, ok: true, status: 'approved', message: null },
          { id: 2, ok: false, status: 'approved', message: 'It is decided already.' },
          { id: 3, ok: false, status: null, message: null },
        ],
      },
      rows,
    );
    expect(outcome.done).toBe(1);
    expect(outcome.failed).toEqual([
      { id: 2, title: 'Fire drill (Lee Learner)', message: 'It is decided already.' },
      { id: 3, title: 'Request 3', message: 'The server did not say why.' },
    ]);
  });
});
