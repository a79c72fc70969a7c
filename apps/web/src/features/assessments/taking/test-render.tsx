import { ROLE } from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SessionContext, type SessionValue } from '../../../shared/session/session-context.ts';

/* Renders the learner's assessment screens with a query client, a router and a session (tests only). */

export function renderWithApp(
  element: ReactNode,
  {
    path = '*',
    url = '/',
    roleId = ROLE.LEARNER,
  }: { path?: string; url?: string; roleId?: number } = {},
) {
  const session = {
    token: 't',
    approved: true,
    permittedPaths: ['/assessment'],
    user: { id: 5, fullname: 'Lee Learner', role: { id: roleId, name: 'Role' } },
    menu: [],
  } as unknown as SessionValue;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  return {
    router,
    ...render(
      <QueryClientProvider client={client}>
        <SessionContext value={session}>
          <RouterProvider router={router} />
        </SessionContext>
      </QueryClientProvider>,
    ),
  };
}
