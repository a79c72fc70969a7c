import { type Operation, type TTodoItem, todoOps } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { PageAvailability } from '../../../shared/navigation/page-availability.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { TodoCard } from './todo-card.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

const KINDS = [
  { kind: 'course', label: 'Courses' },
  { kind: 'assessment', label: 'Assessments' },
  { kind: 'approval', label: 'Approvals' },
];

const makeItem = (over: Partial<TTodoItem> = {}): TTodoItem => ({
  id: 'course:1',
  kind: 'course',
  title: 'Fire safety',
  detail: 'Not started',
  href: '/course-module/1',
  due_at: null,
  overdue: false,
  priority: 'low',
  ...over,
});

/** A to-do server: filters by kind and search, pages, and records every list query. */
function fakeTodo(items: TTodoItem[], options: { unavailable?: string[]; fail?: boolean } = {}) {
  const queries: Record<string, unknown>[] = [];
  let release: () => void = () => {};
  const gate = { hold: false };
  vi.mocked(call).mockImplementation((async (
    op: Operation,
    args: { query?: Record<string, unknown> } = {},
  ) => {
    if (op === todoOps.kinds) return KINDS;
    if (op !== todoOps.list) throw new Error(`unexpected ${op.method} ${op.path}`);
    const q = args.query ?? {};
    queries.push(q);
    if (gate.hold) await new Promise<void>((resolve) => (release = resolve));
    if (options.fail) throw new Error('down');
    const byKind: Record<string, number> = {};
    for (const i of items) byKind[i.kind] = (byKind[i.kind] ?? 0) + 1;
    const search = String(q.search ?? '').toLowerCase();
    const matching = items.filter(
      (i) => (!q.kind || i.kind === q.kind) && i.title.toLowerCase().includes(search),
    );
    const size = Number(q.page_size ?? 20);
    const page = Number(q.page ?? 1);
    return {
      count: matching.length,
      next: page * size < matching.length ? `/api/todo/?page=${page + 1}` : null,
      previous: page > 1 ? `/api/todo/?page=${page - 1}` : null,
      results: matching.slice((page - 1) * size, page * size),
      by_kind: byKind,
      unavailable: options.unavailable ?? [],
    };
  }) as unknown as typeof call);
  return { queries, gate, release: () => release() };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 11, 7, 12, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

const render = (hasPage: (link: string) => boolean = () => true) =>
  renderWithApp(
    <PageAvailability value={hasPage}>
      <TodoCard />
    </PageAvailability>,
  );

describe('TodoCard', () => {
  it('shows a skeleton while loading, then "Nothing to do" without a Show all', async () => {
    const fake = fakeTodo([]);
    fake.gate.hold = true;
    render();
    const card = screen.getByRole('region', { name: 'To do' });
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByTestId('todo-skeleton')).toBeTruthy();
    fake.release();
    expect(await screen.findByText('Nothing to do')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show all' })).toBeNull();
    expect(fake.queries[0]).toEqual({ page_size: 5 });
  });

  it('lists the first items with kind, detail and due chip, overdue in the error colour', async () => {
    fakeTodo([
      makeItem({
        id: 'course:1',
        title: 'Fire safety',
        due_at: new Date(2026, 11, 3, 12).toISOString(),
        overdue: true,
        priority: 'high',
      }),
      makeItem({
        id: 'assessment:2',
        kind: 'assessment',
        title: 'Fire quiz',
        detail: 'Fire safety · not started',
        href: '/assessment/abc',
        due_at: new Date(2026, 11, 20, 12).toISOString(),
        priority: 'low',
      }),
      makeItem({
        id: 'approval:3',
        kind: 'approval',
        title: 'Decide: Welding',
        detail: 'Requested by Ann Lee',
        href: '/elsewhere',
        priority: 'medium',
      }),
    ]);
    // The approval's page is not in this app: its title is plain text.
    render((link) => link !== '/elsewhere');
    const card = await screen.findByRole('region', { name: 'To do' });
    const list = await within(card).findByRole('list', { name: 'Next up' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(card).getByText('3 things waiting on you.')).toBeTruthy();

    const [overdue, quiz, approval] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(overdue).getByRole('img', { name: 'Courses' })).toBeTruthy();
    expect(within(overdue).getByRole('link', { name: 'Fire safety' }).getAttribute('href')).toBe(
      '/course-module/1',
    );
    expect(within(overdue).getByText('Not started')).toBeTruthy();
    const chip = within(overdue).getByText('Overdue · 3 Dec').closest('.MuiChip-root');
    expect(chip?.className).toContain('MuiChip-colorError');

    expect(within(quiz).getByRole('img', { name: 'Assessments' })).toBeTruthy();
    const due = within(quiz).getByText('Due 20 Dec').closest('.MuiChip-root');
    expect(due?.className).not.toContain('MuiChip-colorError');

    expect(within(approval).queryByRole('link')).toBeNull();
    expect(within(approval).getByText('Decide: Welding')).toBeTruthy();
    expect(within(approval).getByText('Requested by Ann Lee')).toBeTruthy();
  });

  it('says when some kinds could not be loaded, and when the list failed', async () => {
    fakeTodo([makeItem()], { unavailable: ['approval'] });
    const { unmount } = render();
    expect(await screen.findByText('Some items could not be loaded this time.')).toBeTruthy();
    unmount();
    fakeTodo([], { fail: true });
    render();
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
  });

  it('"Show all" opens the whole list with kind chips, search and pages', async () => {
    const courses = Array.from({ length: 12 }, (_, i) =>
      makeItem({ id: `course:${i + 1}`, title: `Course ${String(i + 1).padStart(2, '0')}` }),
    );
    const quiz = makeItem({ id: 'assessment:9', kind: 'assessment', title: 'Quiz nine' });
    const fake = fakeTodo([...courses, quiz]);
    render();
    const showAll = await screen.findByRole('button', { name: 'Show all' });
    fireEvent.click(showAll);
    const dialog = await screen.findByRole('dialog', { name: 'To do' });
    const list = await within(dialog).findByRole('list', { name: 'To do' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(dialog).getByText('1–10 of 13')).toBeTruthy();

    // The next page.
    fireEvent.click(within(dialog).getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(within(dialog).getByText('11–13 of 13')).toBeTruthy());
    expect(fake.queries.at(-1)).toEqual({ page: 2, page_size: 10 });

    // A kind chip (counts before the filters), which also goes back to the first page.
    const chip = await within(dialog).findByRole('button', { name: 'Assessments (1)' });
    expect(within(dialog).getByRole('button', { name: 'All (13)' })).toBeTruthy();
    fireEvent.click(chip);
    await waitFor(() =>
      expect(fake.queries.at(-1)).toEqual({ page: 1, page_size: 10, kind: 'assessment' }),
    );
    expect(await within(dialog).findByText('Quiz nine')).toBeTruthy();
    expect(chip.getAttribute('aria-pressed')).toBe('true');

    // A search with no match: its own empty state.
    fireEvent.change(within(dialog).getByLabelText('Search to-do'), {
      target: { value: 'zulu' },
    });
    await waitFor(() =>
      expect(fake.queries.at(-1)).toEqual({
        page: 1,
        page_size: 10,
        kind: 'assessment',
        search: 'zulu',
      }),
    );
    expect(await within(dialog).findByText('No items match this search.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
