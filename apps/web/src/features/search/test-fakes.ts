import {
  type Operation,
  searchOps,
  type TSearchGroup,
  type TSearchHit,
  type TTodoItem,
  todoOps,
} from '@atrium/contract';
import { vi } from 'vitest';
import { call } from '../../shared/api/call.ts';

/* A search server for the feature's tests (call.ts is mocked by each test file). */

export const KINDS = [
  { kind: 'course', label: 'Courses' },
  { kind: 'discussion', label: 'Discussions' },
];

export const makeHit = (over: Partial<TSearchHit> = {}): TSearchHit => ({
  id: 'course:1',
  kind: 'course',
  item_id: 1,
  title: 'Effective Communication',
  title_highlight: [
    { text: 'Effective ', match: false },
    { text: 'Communication', match: true },
  ],
  subtitle: 'Professional Skills',
  snippet: [],
  href: '/courses/course-detail/1',
  score: 1,
  ...over,
});

export const makeGroup = (over: Partial<TSearchGroup> = {}): TSearchGroup => ({
  kind: 'course',
  label: 'Courses',
  count: 1,
  count_capped: false,
  results: [makeHit()],
  ...over,
});

export const makeTodo = (over: Partial<TTodoItem> = {}): TTodoItem => ({
  id: 'course:1',
  kind: 'course',
  title: 'Effective Communication',
  detail: 'Not started',
  href: '/course-module/1',
  due_at: null,
  overdue: false,
  priority: 'low',
  ...over,
});

interface FakeSearch {
  groups?: TSearchGroup[];
  unavailable?: string[];
  todo?: TTodoItem[];
  /** Every hit of one kind, for byKind's pages. */
  byKind?: Record<string, TSearchHit[]>;
  fail?: boolean;
}

/** Answers the search and to-do operations from `data`, recording every call's arguments. */
export function fakeSearch(data: FakeSearch) {
  const calls: { op: Operation; args: Record<string, unknown> }[] = [];
  vi.mocked(call).mockImplementation((async (
    op: Operation,
    args: { params?: Record<string, unknown>; query?: Record<string, unknown> } = {},
  ) => {
    calls.push({ op, args });
    if (data.fail) throw new Error('down');
    const q = args.query ?? {};
    if (op === searchOps.kinds) return KINDS;
    if (op === searchOps.overview)
      return { query: q.q, groups: data.groups ?? [], unavailable: data.unavailable ?? [] };
    if (op === todoOps.list) {
      const todo = data.todo ?? [];
      return {
        count: todo.length,
        next: null,
        previous: null,
        results: todo,
        by_kind: {},
        unavailable: [],
      };
    }
    if (op === searchOps.byKind) {
      const all = data.byKind?.[String(args.params?.kind)] ?? [];
      const size = Number(q.page_size ?? 20);
      const page = Number(q.page ?? 1);
      return {
        count: all.length,
        next: page * size < all.length ? `/api/search/kind/x/?page=${page + 1}` : null,
        previous: page > 1 ? `/api/search/kind/x/?page=${page - 1}` : null,
        results: all.slice((page - 1) * size, page * size),
      };
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
  return { calls, of: (op: Operation) => calls.filter((c) => c.op === op).map((c) => c.args) };
}
