import { moderationOps, type Operation, ROLE, type TModerationItem } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import ModerationPage from './moderation.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

type Args = { query?: Record<string, unknown>; params?: { id: number }; body?: unknown };

const item = (over: Partial<TModerationItem> = {}): TModerationItem => ({
  id: 7,
  kind: 'wall_post',
  kind_label: 'Wall post',
  target_id: 12,
  status: 'open',
  held: false,
  author: { id: 9, fullname: 'Sam Kay' },
  excerpt: 'Buy cheap watches now',
  link: '/socialwall/12',
  report_count: 2,
  reasons: { spam: 1, harassment: 1 },
  opened_at: '2026-03-02T09:00:00Z',
  resolved_at: null,
  resolved_by: null,
  outcome: null,
  abilities: { hide: true, restore: true, delete: true, dismiss: true },
  ...over,
});
const page = <T,>(results: T[], count = results.length) => ({
  count,
  next: null,
  previous: null,
  results,
});

let open: TModerationItem[];
let resolved: TModerationItem[];
let words: { id: number; phrase: string; created_at: string; created_by: null }[];
const actions: Args[] = [];
const queueQueries: Record<string, unknown>[] = [];

beforeEach(() => {
  open = [
    item(),
    item({
      id: 8,
      held: true,
      report_count: 0,
      reasons: {},
      excerpt: 'Held words',
      author: { id: 10, fullname: 'Kim Lo' },
    }),
  ];
  resolved = [];
  words = [{ id: 1, phrase: 'frobnicate', created_at: '2026-03-01T09:00:00Z', created_by: null }];
  actions.length = 0;
  queueQueries.length = 0;
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    if (op === moderationOps.queue) {
      queueQueries.push(args.query!);
      return args.query!.status === 'open' ? page(open) : page(resolved);
    }
    if (op === moderationOps.act) {
      actions.push(args);
      const done = open.find((i) => i.id === args.params!.id)!;
      open = open.filter((i) => i !== done);
      return { ...done, status: 'resolved' };
    }
    if (op === moderationOps.bannedWords) return { results: words };
    if (op === moderationOps.addBannedWord) {
      const phrase = (args.body as { phrase: string }).phrase;
      if (phrase === 'frobnicate') {
        throw new ApiError({
          status: 409,
          message: 'This word or phrase is already banned.',
          fieldErrors: { phrase: ['This word or phrase is already banned.'] },
        });
      }
      const w = { id: 2, phrase, created_at: '2026-03-03T09:00:00Z', created_by: null };
      words = [...words, w];
      return w;
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const show = (url = '/socialwall/moderation') =>
  renderWithApp(<ModerationPage />, {
    path: '/socialwall/moderation',
    url,
    roleId: ROLE.ADMIN,
    permittedPaths: ['/socialwall'],
  });

describe('ModerationPage', () => {
  it('lists open items with kind, held badge, reasons and the decisions they take', async () => {
    show();
    const reported = await screen.findByRole('article', { name: 'Wall post by Sam Kay' });
    const [first, held] = screen.getAllByRole('article');
    expect(first).toBe(reported);
    expect(within(first!).getByText('Buy cheap watches now')).toBeTruthy();
    expect(within(first!).getByText(/2 reports: Spam, Harassment or bullying/)).toBeTruthy();
    expect(within(first!).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(
      '/socialwall/12',
    );
    for (const name of ['Hide', 'Restore', 'Delete', 'Dismiss']) {
      expect(within(first!).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(held!).getByText('Held: banned words')).toBeTruthy();
    expect(within(held!).getByRole('button', { name: 'Release' })).toBeTruthy();
    expect(within(held!).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(queueQueries[0]).toMatchObject({ status: 'open', page: 1 });
  });

  it('hides an item with a note after confirming, and the queue refreshes', async () => {
    show();
    const first = await screen.findByRole('article', { name: 'Wall post by Sam Kay' });
    fireEvent.click(within(first).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide it' });
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), {
      target: { value: 'Spam, as reported' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide it' }));
    await waitFor(() => expect(actions).toHaveLength(1));
    expect(actions[0]).toMatchObject({
      params: { id: 7 },
      body: { action: 'hide', note: 'Spam, as reported' },
    });
    await waitFor(() => expect(screen.queryByText('Buy cheap watches now')).toBeNull());
  });

  it('says so when nothing is resolved yet', async () => {
    show('/socialwall/moderation?tab=resolved');
    expect(await screen.findByText('No decisions yet.')).toBeTruthy();
  });

  it('lists banned words, refuses a duplicate with the server’s message, adds a new one', async () => {
    show('/socialwall/moderation?tab=words');
    const list = await screen.findByRole('list', { name: 'Banned words' });
    expect(within(list).getByText('frobnicate')).toBeTruthy();
    const field = screen.getByLabelText('Word or phrase');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Enter a word or phrase.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'frobnicate' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('This word or phrase is already banned.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'zorp' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await within(list).findByText('zorp')).toBeTruthy();
  });

  it('shows the server’s refusal to a non-admin', async () => {
    vi.mocked(call).mockImplementation((async () => {
      throw new ApiError({ status: 403, message: "Only the organisation's admins moderate." });
    }) as unknown as typeof call);
    show();
    expect(await screen.findByText("Only the organisation's admins moderate.")).toBeTruthy();
  });
});
