import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { GENERIC_SUPPORT_MESSAGE } from '../shared/api/api-error.ts';
import { AppProviders } from './providers/app-providers.tsx';
import { buildRouteObjects } from './router.tsx';
import type { AppRoute } from './routing/route-types.ts';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function renderAt(path: string, routes?: readonly AppRoute[]) {
  const router = createMemoryRouter(buildRouteObjects(routes), { initialEntries: [path] });
  return render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

function Broken(): never {
  throw new Error('Kaboom: the widget exploded');
}
const Home = () => <p>home</p>;
const Secret = () => <p>secret</p>;

let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    if (url === '/api/health')
      return json(200, { status: 'ok', uptime_seconds: 125, version: '0.1.0' });
    if (url === '/api/ready') return json(200, { status: 'ok', database: 'ok' });
    return json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('app routes', () => {
  it('shows the system status at /status with the API and database healthy', async () => {
    renderAt('/status');
    expect(await screen.findByRole('heading', { level: 1, name: 'Atrium' })).toBeDefined();
    const apiRow = screen.getByRole('region', { name: 'API' });
    expect(await within(apiRow).findByText('Healthy')).toBeDefined();
    expect(within(apiRow).getByText('Version 0.1.0 · up 2 min 5 s')).toBeDefined();
    const databaseRow = screen.getByRole('region', { name: 'Database' });
    expect(await within(databaseRow).findByText('Healthy')).toBeDefined();
    expect(screen.getByText('All systems operational')).toBeDefined();
    expect(screen.getByRole('link', { name: /API documentation/ }).getAttribute('href')).toBe(
      '/api/docs',
    );
  });

  it("reports the database unavailable with the server's message when /api/ready fails", async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/ready'
        ? json(503, { message: 'Database is not reachable' })
        : json(200, { status: 'ok', uptime_seconds: 1, version: '0.1.0' }),
    );
    renderAt('/status');
    const databaseRow = await screen.findByRole('region', { name: 'Database' });
    expect(await within(databaseRow).findByText('Unavailable')).toBeDefined();
    expect(within(databaseRow).getByText('Database is not reachable')).toBeDefined();
    expect(screen.getByText('Some systems are unavailable')).toBeDefined();
  });

  it('reports the API unavailable with the support message when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderAt('/status');
    const apiRow = await screen.findByRole('region', { name: 'API' });
    expect(await within(apiRow).findByText('Unavailable')).toBeDefined();
    expect(within(apiRow).getByText(GENERIC_SUPPORT_MESSAGE)).toBeDefined();
  });

  it('shows the not-found page with a way home for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeDefined();
    expect(screen.getByText('/no/such/page')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go to home page' }).getAttribute('href')).toBe('/');
  });

  it('shows the crash page with the error text and a Go Home button when a page throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/broken', [{ path: '/broken', guard: 'public', Page: Broken }]);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeDefined();
    expect(screen.getByText('Kaboom: the widget exploded')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeDefined();
  });

  it('sends a visitor without a token away from a protected page to /', async () => {
    renderAt('/dashboard', [
      { path: '/', guard: 'public', Page: Home },
      { path: '/dashboard', guard: 'protected', Page: Secret },
    ]);
    expect(await screen.findByText('home')).toBeDefined();
    expect(screen.queryByText('secret')).toBeNull();
  });
});
