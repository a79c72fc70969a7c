import { DISCUSSION_UPDATED, discussionOps, type Operation, ROLE } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { makeSummary, page, SCOPES, TYPES } from '../test-discussions.ts';
import { fakeRealtime, renderWithApp } from '../test-render.tsx';
import DiscussionsPage from './discussions.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

const queries: Record<string, unknown>[] = [];
const topics = [
  makeSummary({
    id: 1,
    title: 'Read this first',
    pinned: true,
    type: { id: 3, name: 'General', kind: 'general' },
  }),
  makeSummary({
    id: 2,
    title: 'Where is the fire exit?',
    accepted_answer: 40,
    scope: 'course',
    scope_ref: { id: 31, name: 'Safe lifting' },
  }),
  makeSummary({ id: 3, title: 'Standing desks', type: { id: 2, name: 'Idea', kind: 'idea' } }),
  makeSummary({
    id: 4,
    title: 'Rota for March',
    forum: { slug: 'staff-room', name: 'Staff room' },
  }),
];
let shown = topics;

beforeEach(() => {
  queries.length = 0;
  shown = topics;
  vi.mocked(call).mockImplementation((async (
    op: Operation,
    args: { query?: Record<string, unknown> } = {},
  ) => {
    if (op === discussionOps.list) {
      queries.push(args.query ?? {});
      return page(shown);
    }
    if (op === discussionOps.types) return TYPES;
    if (op === discussionOps.scopes) return SCOPES;
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

/** A figure whose words are for assistive technology only ("2" + hidden " answers"). */
const stat = (text: string) => (_content: string, el: Element | null) =>
  el?.tagName === 'SPAN' && el.childElementCount === 1 && el.textContent === text;

const open = (url = '/discussions', roleId: number = ROLE.LEARNER, realtime = fakeRealtime()) =>
  renderWithApp(<DiscussionsPage />, { path: '/discussions', url, roleId, realtime });

describe('DiscussionsPage', () => {
  it('lists topics in the server’s order: pinned marked, solved ticked, each a link', async () => {
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Discussions' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Discussions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Read this first',
      'Where is the fire exit?',
      'Standing desks',
      'Rota for March',
    ]);
    const [pinned, solved, idea, thread] = items as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(pinned).getByText('Pinned')).toBeTruthy();
    expect(within(pinned).getByText('General')).toBeTruthy();
    expect(within(solved).getByText('Solved')).toBeTruthy();
    expect(within(solved).getByText(/Safe lifting/)).toBeTruthy();
    expect(within(solved).getByText('I could not find it on the plan.')).toBeTruthy();
    expect(within(solved).getByText('Lee Learner')).toBeTruthy();
    expect(within(solved).getByText(stat('2 answers'))).toBeTruthy();
    expect(within(solved).getByText(stat('14 views'))).toBeTruthy();
    expect(within(idea).queryByText('Solved')).toBeNull();
    // A forum's thread links its forum; other topics name none.
    expect(
      within(thread).getByRole('link', { name: 'Forum: Staff room' }).getAttribute('href'),
    ).toBe('/discussions/forums/staff-room');
    expect(within(idea).queryByRole('link', { name: /^Forum:/ })).toBeNull();
    expect(
      within(solved).getByRole('link', { name: 'Where is the fire exit?' }).getAttribute('href'),
    ).toBe('/discussions/2');
    expect(queries[0]).toMatchObject({ page: 1, filter: 'all', ordering: 'activity' });
  });

  it('has Topics and Forums tabs, each its own address', async () => {
    open();
    const tabs = screen.getByRole('tablist', { name: 'Discussions sections' });
    const topicsTab = within(tabs).getByRole('tab', { name: 'Topics' });
    expect(topicsTab.getAttribute('aria-current')).toBe('page');
    expect(topicsTab.getAttribute('aria-selected')).toBe('true');
    expect(within(tabs).getByRole('tab', { name: 'Forums' }).getAttribute('href')).toBe(
      '/discussions/forums',
    );
  });

  it('asks the server again when a filter, the type, the order or the search changes', async () => {
    const { router } = open();
    await screen.findByRole('list', { name: 'Discussions' });

    fireEvent.click(screen.getByRole('button', { name: 'Unanswered' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ filter: 'unanswered', page: 1 }));
    expect(screen.getByRole('button', { name: 'Unanswered' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(router.state.location.search).toBe('?filter=unanswered');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Idea' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ type: 2, filter: 'unanswered' }));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Posted in' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Safe lifting' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ scope: 'course', scope_id: 31 }));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Order' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Most liked' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ ordering: 'top' }));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search discussions' }), {
      target: { value: '  exit ' },
    });
    // Asked once the typing settles, trimmed.
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ search: 'exit', type: 2 }));
  });

  it('invites the first topic when there is none, and offers to clear filters when none match', async () => {
    shown = [];
    open();
    expect(await screen.findByText('No discussions yet — start one.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Start a discussion' })).toHaveLength(2);

    open('/discussions?filter=mine');
    expect(await screen.findByText(/No discussion matches/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ filter: 'all' }));
  });

  it('gives admins the types, not learners', async () => {
    open();
    await screen.findByRole('list', { name: 'Discussions' });
    expect(screen.queryByRole('button', { name: 'Types' })).toBeNull();
    open('/discussions', ROLE.ADMIN);
    fireEvent.click(await screen.findByRole('button', { name: 'Types' }));
    expect(await screen.findByRole('dialog', { name: 'Discussion types' })).toBeTruthy();
  });

  it('refetches when a topic it shows changes, not for another one', async () => {
    const realtime = fakeRealtime();
    open('/discussions', ROLE.LEARNER, realtime);
    await screen.findByRole('list', { name: 'Discussions' });
    const before = queries.length;
    await realtime.deliver(DISCUSSION_UPDATED, { discussion: 99 });
    expect(queries.length).toBe(before);
    await realtime.deliver(DISCUSSION_UPDATED, { discussion: 2 });
    await waitFor(() => expect(queries.length).toBe(before + 1));
  });
});
