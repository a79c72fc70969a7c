import type { TNotification } from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeContext, type RealtimeHandler } from '../../../shared/realtime/index.ts';
import { SessionContext, type SessionValue } from '../../../shared/session/session-context.ts';
import { notification } from '../test-notification.ts';
import { bellLabel, NotificationBell } from './notification-bell.tsx';

const session = {
  token: 't',
  approved: true,
  permittedPaths: [],
  user: null,
  menu: [],
} as unknown as SessionValue;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let unread: number;
let items: TNotification[];
const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  if (url.startsWith('/api/notify/counters/')) {
    return json({ notifications: unread, requests: 0, messages: 0 });
  }
  if (init?.method === 'PATCH') {
    const id = Number(url.split('/')[3]);
    items = items.map((n) =>
      n.id === id ? { ...n, is_viewed: true, viewed_at: n.created_at } : n,
    );
    unread -= 1;
    return json(items.find((n) => n.id === id));
  }
  return json({ count: items.length, next: null, previous: null, results: items });
});

/** A stand-in for the RealtimeProvider: the test delivers the stream's messages by hand. */
const handlers = new Map<string, Set<RealtimeHandler>>();
const realtime = {
  subscribe(type: string, handler: RealtimeHandler) {
    const set = handlers.get(type) ?? new Set();
    set.add(handler);
    handlers.set(type, set);
    return () => set.delete(handler);
  },
};
const deliver = (type: string, data: unknown) =>
  act(async () => {
    for (const handler of handlers.get(type) ?? []) handler(data, { type, data });
  });

function renderBell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionContext value={session}>
        <RealtimeContext value={realtime}>
          <MemoryRouter initialEntries={['/dashboard']}>
            <NotificationBell />
            <Routes>
              <Route path="/dashboard" element={<p>Dashboard</p>} />
              <Route path="/course/:id" element={<p>Course page</p>} />
            </Routes>
          </MemoryRouter>
        </RealtimeContext>
      </SessionContext>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  unread = 1;
  items = [notification()];
  handlers.clear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

describe('bellLabel', () => {
  it('names the bell with the count the badge shows, capped at 99+', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(150)).toBe('Notifications, 99+ unread');
  });
});

describe('NotificationBell', () => {
  it('follows the stream’s counters without refetching', async () => {
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const calls = fetchMock.mock.calls.length;
    await deliver('counters', { notifications: 4 });
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeTruthy();
    // A message about other counters leaves this one alone; a broken one is ignored.
    await deliver('counters', { messages: 2 });
    await deliver('counters', { notifications: 'many' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('button', { name: 'Notifications, 4 unread' })).toBeTruthy();
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('lists the latest; opening one marks it read, goes to its link and lowers the count', async () => {
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Latest notifications' });
    const link = await within(dialog).findByRole('link', { name: /Ada Admin enrolled you in/ });
    expect(link.textContent).toContain('Unread');
    fireEvent.click(link);
    expect(await screen.findByText('Course page')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/notify/1/',
      expect.objectContaining({ method: 'PATCH', body: '{"is_viewed":true}' }),
    );
  });

  it('refetches the open list when a notification arrives, and closes on Escape', async () => {
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Latest notifications' });
    await within(dialog).findByRole('link', { name: /enrolled you in/ });
    const fresh = notification({ id: 2, type: 'course_published', link: '/course/8' });
    items = [fresh, ...items];
    await deliver('notification.created', fresh);
    expect(
      await within(dialog).findByRole('link', { name: /Safety basics is published/ }),
    ).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
