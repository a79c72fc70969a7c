import { type Operation, ROLE, WALL_POST_UPDATED, wallOps } from '@atrium/contract';
import { focusManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/api-error.ts';
import { call } from '../../../shared/api/call.ts';
import { fakeRealtime, renderWithApp } from '../test-render.tsx';
import { cursorPage, makePost } from '../test-wall.ts';
import WallPage from './wall.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

type Args = { query?: Record<string, unknown>; params?: { id: number }; body?: unknown };
const feedCalls: Args[] = [];
let feed: (args: Args) => unknown;
let detail: (id: number) => unknown;
let settings = { share_achievements: false };

beforeEach(() => {
  feedCalls.length = 0;
  settings = { share_achievements: false };
  feed = () => cursorPage([makePost({ id: 12, body: 'Newest news' })]);
  detail = (id) => makePost({ id });
  vi.mocked(call).mockImplementation((async (op: Operation, args: Args = {}) => {
    if (op === wallOps.feed) {
      feedCalls.push(args);
      return feed(args);
    }
    if (op === wallOps.detail) return detail(args.params!.id);
    if (op === wallOps.hashtags) return [{ tag: 'safety', count: 4 }];
    if (op === wallOps.settings) return settings;
    if (op === wallOps.updateSettings) {
      settings = args.body as typeof settings;
      return settings;
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

afterEach(() => vi.unstubAllGlobals());

const render = (url = '/socialwall', realtime = fakeRealtime()) => ({
  realtime,
  ...renderWithApp(<WallPage />, { path: '/socialwall', url, realtime }),
});
const postTitles = () =>
  within(screen.getByRole('list', { name: 'Posts' }))
    .getAllByRole('article')
    .map((a) => within(a).getByRole('heading').textContent);

describe('WallPage', () => {
  it('links to the moderation queue for admins only', async () => {
    const admin = renderWithApp(<WallPage />, { roleId: ROLE.ADMIN });
    const link = await screen.findByRole('link', { name: 'Moderation' });
    expect(link.getAttribute('href')).toBe('/socialwall/moderation');
    admin.unmount();
    renderWithApp(<WallPage />);
    expect(await screen.findByRole('link', { name: 'Blogs' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Moderation' })).toBeNull();
  });

  it('shows the feed, then older posts by cursor when the end comes into view', async () => {
    let observed: IntersectionObserverCallback | null = null;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observed = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    feed = ({ query }) =>
      query?.cursor === 'c2'
        ? cursorPage([makePost({ id: 3, body: 'Old news' })])
        : cursorPage([makePost({ id: 12, body: 'Newest news' })], 'c2');
    render();
    expect(screen.getByRole('status', { name: 'Loading posts' })).toBeTruthy();
    expect(await screen.findByText('Newest news')).toBeTruthy();
    expect(feedCalls[0]?.query).toEqual({ limit: 10 });
    await act(async () =>
      observed?.([{ isIntersecting: true } as IntersectionObserverEntry], {} as never),
    );
    expect(await screen.findByText('Old news')).toBeTruthy();
    expect(feedCalls.at(-1)?.query).toEqual({ limit: 10, cursor: 'c2' });
    expect(screen.getByText('You have reached the first post.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older posts' })).toBeNull();
  });

  it('loads older posts with the button too (keyboard, no observer)', async () => {
    feed = ({ query }) =>
      query?.cursor
        ? cursorPage([makePost({ id: 3, body: 'Old news' })])
        : cursorPage([makePost({ id: 12 })], 'c2');
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Show older posts' }));
    expect(await screen.findByText('Old news')).toBeTruthy();
  });

  it('says when the wall is empty and offers a retry when it fails', async () => {
    feed = () => {
      throw new ApiError({ status: 500, message: 'Boom' });
    };
    render();
    expect(await screen.findByText('Could not get the wall')).toBeTruthy();
    feed = () => cursorPage([]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing on the wall yet. Be the first to post!')).toBeTruthy();
  });

  it('filters by the hashtag in the URL and by mentions of me, and clears the hashtag', async () => {
    render('/socialwall?hashtag=Safety');
    await screen.findByText('Newest news');
    expect(feedCalls[0]?.query).toEqual({ hashtag: 'safety', limit: 10 });
    const trending = screen.getByRole('region', { name: 'Trending hashtags' });
    expect(within(trending).getByRole('link', { name: '#safety' }).getAttribute('href')).toBe(
      '/socialwall?hashtag=safety',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mentions of me' }));
    await waitFor(() =>
      expect(feedCalls.at(-1)?.query).toEqual({ hashtag: 'safety', mentions_me: true, limit: 10 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear the filter #safety' }));
    await waitFor(() => expect(feedCalls.at(-1)?.query).toEqual({ mentions_me: true, limit: 10 }));
  });

  it('refetches a shown post on a live hint, and removes it when it is gone', async () => {
    const { realtime } = render();
    await screen.findByText('Newest news');
    detail = (id) => makePost({ id, body: 'Edited news', edited_at: '2026-03-02T09:00:00Z' });
    await realtime.deliver(WALL_POST_UPDATED, { post: 12 });
    expect(await screen.findByText('Edited news')).toBeTruthy();
    // A post the screen does not show is not fetched.
    detail = () => {
      throw new Error('not asked');
    };
    await realtime.deliver(WALL_POST_UPDATED, { post: 99 });
    detail = () => {
      throw new ApiError({ status: 404, message: 'Not found.' });
    };
    await realtime.deliver(WALL_POST_UPDATED, { post: 12 });
    await waitFor(() => expect(screen.queryByText('Edited news')).toBeNull());
  });

  it('offers "New posts" when the head changed, and reloads from the top', async () => {
    render();
    await screen.findByText('Newest news');
    expect(postTitles()).toEqual(['Ada Admin']);
    feed = () => cursorPage([makePost({ id: 20, body: 'Fresh news' }), makePost({ id: 12 })]);
    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    // Generous waits: the poll and the reload are two requests each on a busy test machine.
    const slow = { timeout: 4000 };
    fireEvent.click(await screen.findByRole('button', { name: 'New posts' }, slow));
    expect(await screen.findByText('Fresh news', {}, slow)).toBeTruthy();
    await waitFor(
      () => expect(screen.queryByRole('button', { name: 'New posts' })).toBeNull(),
      slow,
    );
    focusManager.setFocused(undefined);
  });

  it('switches sharing achievements on', async () => {
    render();
    const toggle = await screen.findByRole('switch', { name: 'Share my achievements on the wall' });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(settings).toEqual({ share_achievements: true });
  });
});
