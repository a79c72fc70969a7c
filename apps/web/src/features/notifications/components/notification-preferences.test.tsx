import type { TPreferences } from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationPreferencesCard } from './notification-preferences.tsx';

const optional = (frequency: 'immediately' | 'daily' | 'off', customised = false) => ({
  frequency,
  state: 'optional' as const,
  default: frequency,
  customised,
});
const preferences: TPreferences = {
  types: [
    {
      type: 'review_received',
      label: 'Your course is reviewed',
      channels: { in_app: optional('immediately'), email: optional('daily') },
    },
    {
      type: 'user_approved',
      label: 'Your account is approved',
      channels: {
        in_app: optional('immediately'),
        email: {
          frequency: 'immediately',
          state: 'forced',
          default: 'immediately',
          customised: false,
        },
      },
    },
  ],
};

const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
  const body = init?.method === 'PUT' ? updated(JSON.parse(String(init.body))) : preferences;
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
});
function updated(body: { preferences: { type: string; channel: 'email'; frequency: 'off' }[] }) {
  const [change] = body.preferences;
  return {
    types: preferences.types.map((t) =>
      t.type === change?.type
        ? { ...t, channels: { ...t.channels, [change.channel]: optional(change.frequency, true) } }
        : t,
    ),
  };
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NotificationPreferencesCard />
    </QueryClientProvider>,
  );
}

describe('NotificationPreferencesCard', () => {
  it('shows a channel the organisation forces as disabled, with the reason', async () => {
    renderCard();
    const row = await screen.findByRole('group', { name: 'Your account is approved' });
    const email = within(row).getByRole('combobox', { name: 'E-mail' });
    expect(email.getAttribute('aria-disabled')).toBe('true');
    expect(within(row).getByText('Set by your organisation: immediately')).toBeTruthy();
    const inApp = within(row).getByRole('combobox', { name: 'In-app' });
    expect(inApp.getAttribute('aria-disabled')).toBeNull();
  });

  it('saves one choice at once and shows what the server answered', async () => {
    renderCard();
    const row = await screen.findByRole('group', { name: 'Your course is reviewed' });
    const email = within(row).getByRole('combobox', { name: 'E-mail' });
    expect(email.textContent).toBe('Default (daily digest)');
    // In-app offers no digests.
    fireEvent.mouseDown(within(row).getByRole('combobox', { name: 'In-app' }));
    expect(screen.queryByRole('option', { name: 'Daily digest' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });

    fireEvent.mouseDown(email);
    fireEvent.click(screen.getByRole('option', { name: 'Off' }));
    await waitFor(() => expect(email.textContent).toBe('Off'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      preferences: [{ type: 'review_received', channel: 'email', frequency: 'off' }],
    });
  });
});
