import { cpdOps, type Operation, ROLE, userOps } from '@atrium/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../../shared/api/call.ts';
import { makeScheme, makeSummary, page } from '../test-cpd.ts';
import { renderWithApp } from '../test-render.tsx';
import CpdPage from './cpd.page.tsx';

vi.mock('../../../shared/api/call.ts', () => ({ call: vi.fn() }));
// The events feature's panels are its own (and tested there): stand-ins say which one shows.
vi.mock('../../events/index.ts', () => ({
  EventsPanel: () => <p>Events panel</p>,
  EventTypesPanel: () => <p>Event types panel</p>,
}));

const user = {
  id: 8,
  username: 'sam',
  email: 'sam@example.org',
  first_name: 'Sam',
  last_name: 'Staff',
  fullname: 'Sam Staff',
  role: { id: ROLE.LEARNER, name: 'Learner' },
  department: { id: 2, name: 'Nursing' },
};
const queries: Record<string, unknown>[] = [];
beforeEach(() => {
  queries.length = 0;
  vi.mocked(call).mockImplementation((async (
    op: Operation,
    args: { query?: Record<string, unknown> } = {},
  ) => {
    if (op === cpdOps.summary) return makeSummary();
    if (op === cpdOps.entries) return page([]);
    if (op === cpdOps.scheme) return { scheme: makeScheme() };
    if (op === cpdOps.categories) return [];
    if (op === userOps.list) {
      queries.push(args.query ?? {});
      return page([user]);
    }
    throw new Error(`unexpected ${op.method} ${op.path}`);
  }) as unknown as typeof call);
});

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

describe('CpdPage', () => {
  it('opens learners on their CPD, with the events beside it', async () => {
    renderWithApp(<CpdPage />, { url: '/cpd' });
    expect(tabNames()).toEqual(['My CPD', 'Events']);
    expect(screen.getByRole('tab', { name: 'My CPD' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByTestId('cpd-total')).toBeTruthy();
    expect(await screen.findByText(/No CPD yet/)).toBeTruthy();
  });

  it('keeps a learner out of the admin tabs even when the URL asks', () => {
    renderWithApp(<CpdPage />, { url: '/cpd?tab=scheme' });
    expect(screen.getByRole('tab', { name: 'My CPD' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens the Events tab for a link to an event, and stays there once it closes', async () => {
    const { router } = renderWithApp(<CpdPage />, { url: '/cpd?event=42', roleId: ROLE.ADMIN });
    expect(screen.getByRole('tab', { name: 'Events' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Events panel')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?event=42&tab=events'));
    // The events panel drops `?event=` when its detail closes.
    await router.navigate('/cpd?tab=events', { replace: true });
    expect(screen.getByRole('tab', { name: 'Events' }).getAttribute('aria-selected')).toBe('true');
  });

  it('gives admins the event types, the scheme and the people', async () => {
    const { router } = renderWithApp(<CpdPage />, { url: '/cpd', roleId: ROLE.ADMIN });
    expect(tabNames()).toEqual(['My CPD', 'Events', 'Event types', 'CPD scheme', 'People']);
    fireEvent.click(screen.getByRole('tab', { name: 'Event types' }));
    expect(screen.getByText('Event types panel')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=types');
    fireEvent.click(screen.getByRole('tab', { name: 'CPD scheme' }));
    expect(await screen.findByRole('form', { name: 'CPD scheme' })).toBeTruthy();
  });

  it('finds people and links each to their ledger', async () => {
    renderWithApp(<CpdPage />, { url: '/cpd?tab=people', roleId: ROLE.ADMIN });
    const link = await screen.findByRole('link', { name: 'Sam Staff' });
    expect(link.getAttribute('href')).toBe('/cpd-view/8');
    fireEvent.change(screen.getByRole('searchbox', { name: /Search by name/ }), {
      target: { value: 'sam' },
    });
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ search: 'sam', page: 1 }));
  });
});
