import { blogOps, type Operation, userOps } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { renderWithApp } from '../../../shared/testing/render-with-app.tsx';
import { listPage, makePost, page } from '../test-blogs.ts';
import BlogsPage from './blogs.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
vi.mock('../../../shared/notify/notify.ts', () => ({
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

type Args = { query?: Record<string, unknown>; params?: Record<string, number>; body?: unknown };
const listCalls: Record<string, unknown>[] = [];
let list: (query: Record<string, unknown>) => unknown;
let authors = [] as {
  user: { id: number; username: string; fullname: string; image: null };
  granted_at: string;
}[];
const granted: unknown[] = [];

beforeEach(() => {
  listCalls.length = 0;
  granted.length = 0;
  authors = [];
  list = () =>
    listPage([
      makePost({ id: 2, title: 'Handover tips', tags: ['handover'] }),
      makePost({ id: 1, title: 'Fire drills', tags: ['safety'], comment_count: 2 }),
    ]);
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    if (op === blogOps.list) {
      listCalls.push(args.query ?? {});
      return list(args.query ?? {});
    }
    if (op === blogOps.tags)
      return [
        { tag: 'safety', count: 3 },
        { tag: 'handover', count: 1 },
      ];
    if (op === blogOps.authors) return page(authors);
    if (op === blogOps.grantAuthor) {
      granted.push(args.body);
      authors = [
        {
          user: { id: 9, username: 'tariq', fullname: 'Tariq Trainer', image: null },
          granted_at: '',
        },
      ];
      return authors[0];
    }
    if (op === userOps.list) {
      return page([
        {
          id: 9,
          username: 'tariq',
          fullname: 'Tariq Trainer',
          email: 't@x',
          role: { id: 3, name: 'Trainer' },
        },
      ]);
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const render = (url = '/blogs') => renderWithApp(<BlogsPage />, { path: '/blogs', url });
const titles = () =>
  within(screen.getByRole('list', { name: 'Posts' }))
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('BlogsPage', () => {
  it('shows the published posts as cards with their tags, and a way back to the wall', async () => {
    render();
    await waitFor(() => expect(titles()).toEqual(['Handover tips', 'Fire drills']));
    expect(screen.getByText(/2 comments/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Social wall/ }).getAttribute('href')).toBe(
      '/socialwall',
    );
    expect(screen.getByRole('link', { name: /Handover tips/ }).getAttribute('href')).toBe(
      '/blogs/2',
    );
    // A reader who does not write sees no "New post" and no drafts tab.
    expect(screen.queryByRole('link', { name: /New post/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'My drafts' })).toBeNull();
    expect(listCalls[0]).toMatchObject({ status: 'published', page: 1 });
  });

  it('filters by a tag chip and by search, and says when nothing matches', async () => {
    render();
    await screen.findByRole('list', { name: 'Posts' });
    fireEvent.click(screen.getByRole('button', { name: '#safety (3)' }));
    await waitFor(() => expect(listCalls.at(-1)).toMatchObject({ tag: 'safety' }));
    list = () => listPage([]);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search posts' }), {
      target: { value: 'nothing here' },
    });
    await waitFor(() =>
      expect(listCalls.at(-1)).toMatchObject({ search: 'nothing here', tag: 'safety' }),
    );
    expect(await screen.findByText('No posts match this search.')).toBeTruthy();
  });

  it('offers New post and My drafts to writers, and the drafts tab asks for drafts', async () => {
    list = (q) =>
      q.status === 'draft'
        ? listPage([makePost({ id: 5, title: 'Half written', status: 'draft' })], {
            create: true,
            manage_authors: false,
          })
        : listPage([], { create: true, manage_authors: false });
    render();
    expect(await screen.findByText('No posts yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /New post/ }).getAttribute('href')).toBe('/blogs/new');
    fireEvent.click(screen.getByRole('tab', { name: 'My drafts' }));
    await waitFor(() => expect(titles()).toEqual(['Half written']));
    expect(screen.getByText('Draft')).toBeTruthy();
  });

  it('lets an admin add an author through the people search', async () => {
    list = () => listPage([], { create: true, manage_authors: true });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Authors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Blog authors' });
    expect(await within(dialog).findByText('Nobody yet: only admins write posts.')).toBeTruthy();
    const box = within(dialog).getByRole('combobox', { name: 'Add a person' });
    fireEvent.change(box, { target: { value: 'tar' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Tariq Trainer' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(granted).toEqual([{ user_id: 9 }]));
    expect(
      await within(dialog).findByRole('button', { name: 'Remove Tariq Trainer' }),
    ).toBeTruthy();
  });

  it('shows the server’s error with a way to try again', async () => {
    list = () => Promise.reject(new Error('boom'));
    render();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
