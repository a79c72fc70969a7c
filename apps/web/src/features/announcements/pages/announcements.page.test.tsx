import { announcementOps, type Operation, ROLE } from '@atrium/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { makeAnnouncement, page } from '../test-announcements.ts';
import { renderWithApp } from '../test-render.tsx';
import AnnouncementsPage from './announcements.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));

const queries: Record<string, unknown>[] = [];
const inbox = [
  makeAnnouncement({
    id: 1,
    title: 'Pinned notice',
    pinned: true,
    read_at: '2026-03-01T09:00:00Z',
  }),
  makeAnnouncement({
    id: 2,
    title: 'Read the new policy',
    read_at: null,
    must_acknowledge: true,
    body: '<p>Policy <em>changes</em> from <b>April</b>.</p>',
  }),
  makeAnnouncement({
    id: 3,
    title: 'Old news',
    must_acknowledge: true,
    acknowledged_at: '2026-03-03T09:00:00Z',
  }),
];
const managed = [
  makeAnnouncement({
    id: 4,
    title: 'Quarterly update',
    state: 'scheduled',
    stats: null,
  }),
  makeAnnouncement({
    id: 5,
    title: 'Hand hygiene',
    must_acknowledge: true,
    stats: { audience: 40, read: 12, acknowledged: 9 },
  }),
];

let sent = managed;
beforeEach(() => {
  queries.length = 0;
  sent = managed;
  vi.mocked(call).mockImplementation((async (
    op: Operation,
    args: { query?: Record<string, unknown> } = {},
  ) => {
    if (op === announcementOps.unread) return { unread: 1, to_acknowledge: 1 };
    if (op === announcementOps.list) {
      queries.push(args.query ?? {});
      if (args.query?.scope === 'manage') return page(sent);
      return page(args.query?.unread ? [inbox[1]] : inbox);
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('AnnouncementsPage', () => {
  it('lists the inbox in the server’s order, unread bold with the reader’s chips', async () => {
    renderWithApp(<AnnouncementsPage />, { url: '/announcements' });
    expect(screen.getByRole('heading', { level: 1, name: 'Announcements' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Announcements' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Pinned notice',
      'Read the new policy',
      'Old news',
    ]);
    expect(within(items[0] as HTMLElement).getByText('Pinned')).toBeTruthy();
    expect(within(items[0] as HTMLElement).queryByText('Unread')).toBeNull();
    const unread = items[1] as HTMLElement;
    expect(within(unread).getByText('Unread')).toBeTruthy();
    expect(within(unread).getByText('Must acknowledge')).toBeTruthy();
    expect(getComputedStyle(within(unread).getByRole('heading')).fontWeight).toBe('700');
    expect(within(unread).getByText('Policy changes from April.')).toBeTruthy();
    expect(within(items[2] as HTMLElement).getByText('Acknowledged')).toBeTruthy();
    expect(within(unread).getByRole('link').getAttribute('href')).toBe('/announcements/2/');
    expect(await screen.findByText('1 unread · 1 to acknowledge')).toBeTruthy();
    expect(queries[0]).toMatchObject({ scope: 'inbox', page: 1 });
  });

  it('asks the server for the unread only', async () => {
    renderWithApp(<AnnouncementsPage />, { url: '/announcements' });
    await screen.findByRole('list', { name: 'Announcements' });
    fireEvent.click(screen.getByRole('switch', { name: 'Unread only' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ unread: true, page: 1 }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  });

  it('gives a learner no Manage tab, even when the URL asks', async () => {
    renderWithApp(<AnnouncementsPage />, { url: '/announcements?tab=manage' });
    expect(tabNames()).toEqual(['Inbox']);
    expect(screen.queryByRole('button', { name: 'New announcement' })).toBeNull();
    await screen.findByRole('list', { name: 'Announcements' });
    expect(queries.every((q) => q.scope === 'inbox')).toBe(true);
  });

  it('lets a trainer manage theirs with states and reading figures', async () => {
    const { router } = renderWithApp(<AnnouncementsPage />, {
      url: '/announcements',
      roleId: ROLE.TRAINER,
    });
    expect(tabNames()).toEqual(['Inbox', 'Manage']);
    fireEvent.click(screen.getByRole('tab', { name: 'Manage' }));
    expect(router.state.location.search).toBe('?tab=manage');
    expect(await screen.findByText('Read 12 / acknowledged 9 of 40')).toBeTruthy();
    expect(screen.getByText('Scheduled')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New announcement' })).toBeTruthy();
    expect(queries.at(-1)).toMatchObject({ scope: 'manage' });
  });

  it('says how to start when nothing has been sent', async () => {
    sent = [];
    renderWithApp(<AnnouncementsPage />, { url: '/announcements?tab=manage', roleId: ROLE.ADMIN });
    expect(
      await screen.findByText(/You have not sent any announcements. Choose “New announcement”/),
    ).toBeTruthy();
  });
});
