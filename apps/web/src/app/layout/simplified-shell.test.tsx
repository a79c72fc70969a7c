import { ROLE } from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { call } from '../../shared/api/call.ts';
import { SessionContext, type SessionValue } from '../../shared/session/session-context.ts';
import { buildRouteObjects } from '../router.tsx';
import { SimplifiedShell } from './simplified-shell.tsx';

vi.mock('../../shared/api/call.ts', () => ({ call: vi.fn(async () => new Promise(() => {})) }));
vi.setConfig({ testTimeout: 60_000 });

const session = {
  token: 't',
  approved: true,
  permittedPaths: [],
  user: {
    id: 5,
    fullname: 'Lee Learner',
    is_approved: true,
    role: { id: ROLE.LEARNER, name: 'Learner' },
  },
  menu: [],
} as unknown as SessionValue;

function renderAt(url: string) {
  const router = createMemoryRouter(
    [{ element: <SimplifiedShell />, children: [{ path: '/take', element: <p>attempt page</p> }] }],
    { initialEntries: [url] },
  );
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionContext value={session}>
        <RouterProvider router={router} />
      </SessionContext>
    </QueryClientProvider>,
  );
}

describe('SimplifiedShell', () => {
  it('wraps the routes marked simplified, and only those', () => {
    const [root] = buildRouteObjects([
      { path: '/take', guard: 'protected', layout: 'simplified' },
      { path: '/home', guard: 'protected' },
    ]);
    const shells = root?.children?.filter((c) => c.children) ?? [];
    const simplified = shells.find((c) => (c.element as ReactElement).type === SimplifiedShell);
    expect(simplified?.children?.map((c) => c.path)).toEqual(['/take']);
    const others = shells.filter((c) => c !== simplified).flatMap((c) => c.children ?? []);
    expect(others.map((c) => c.path)).toEqual(['/home']);
  });

  it('shows only the logo and the user around a simplified page', async () => {
    renderAt('/take');
    expect(await screen.findByText('attempt page')).toBeTruthy();
    expect(screen.getByText('Lee Learner')).toBeTruthy();
    expect(screen.getByText('Atrium')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    expect(vi.mocked(call)).toHaveBeenCalled();
  });
});
