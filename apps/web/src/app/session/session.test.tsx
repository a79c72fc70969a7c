import { defaultMenuForRole, ROLE, type TSessionUser } from '@atrium/contract';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { AppProviders } from '../providers/app-providers.tsx';
import { buildRouteObjects } from '../router.tsx';
import type { AppRoute } from '../routing/route-types.ts';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function learner(overrides: Partial<TSessionUser['profile']> = {}): TSessionUser {
  const role = { id: ROLE.LEARNER, name: 'Learner' };
  return {
    id: 4,
    authorized: true,
    username: 'learner',
    role,
    is_approved: true,
    approval_status: 1,
    fullname: 'Lena Learner',
    first_name: 'Lena',
    last_name: 'Learner',
    email: 'learner@demo.atrium.local',
    is_active: true,
    login_from: 'web',
    membership: {
      role,
      view_role: role,
      organization: { id: 26, title: 'Atrium Demo', acronym: 'DEMO' },
    },
    profile: {
      file_name: null,
      permissions: JSON.stringify(defaultMenuForRole(ROLE.LEARNER)),
      unread_notification: 0,
      ...overrides,
    },
    user_badge: null,
  };
}

const Home = () => <p>sign-in page</p>;
const Dashboard = () => <p>dashboard page</p>;
const Users = () => <p>users page</p>;
const routes: AppRoute[] = [
  { path: '/', guard: 'public', Page: Home },
  { path: '/dashboard', guard: 'protected', Page: Dashboard },
  { path: '/settings', guard: 'perm', Page: Users },
];

function renderAt(path: string) {
  const router = createMemoryRouter(buildRouteObjects(routes), { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

let fetchMock: Mock<typeof fetch>;
let me: () => Response;

beforeEach(() => {
  me = () => json(200, learner());
  fetchMock = vi.fn<typeof fetch>(async (input) =>
    String(input) === '/api/v1/me/' ? me() : json(404, { message: 'Not found.' }),
  );
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('token', 'tok-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session and its guards', () => {
  it('sends a token holder from a public page to the dashboard, sending the token', async () => {
    const router = renderAt('/');
    expect(await screen.findByText('dashboard page')).toBeDefined();
    expect(router.state.location.pathname).toBe('/dashboard');
    const meCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v1/me/');
    const headers = (meCall?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers.Authorization).toBe('Token tok-1');
  });

  it('sends a learner without the Users menu entry from /settings to / and on to the dashboard', async () => {
    const router = renderAt('/settings');
    expect(await screen.findByText('dashboard page')).toBeDefined();
    expect(screen.queryByText('users page')).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('clears the token and goes to / when /api/v1/me/ fails', async () => {
    me = () => json(401, { message: 'Invalid token.' });
    const router = renderAt('/dashboard');
    expect(await screen.findByText('sign-in page')).toBeDefined();
    expect(await screen.findByText('Could not load user details')).toBeDefined();
    expect(localStorage.getItem('token')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it('treats an empty /api/v1/me/ answer as a failure', async () => {
    me = () => new Response(null, { status: 200 });
    renderAt('/dashboard');
    expect(await screen.findByText('sign-in page')).toBeDefined();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the crash page when the permission list cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    me = () => json(200, learner({ permissions: '{broken' }));
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeDefined();
    expect(screen.getByText(/menu permissions could not be read/)).toBeDefined();
  });
});
