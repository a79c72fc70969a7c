import { ROLE } from '@atrium/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RealtimeContext } from '../realtime/index.ts';
import { SessionContext, type SessionValue } from '../session/session-context.ts';
import type { fakeRealtime } from './fake-realtime.ts';

/*
 * Renders a feature's screens with a query client, a router, a session and, when given, a
 * realtime stream the test drives (tests only).
 */

export function renderWithApp(
  element: ReactNode,
  {
    path = '*',
    url = '/',
    roleId = ROLE.LEARNER,
    permittedPaths = [] as string[],
    realtime,
  }: {
    path?: string;
    url?: string;
    roleId?: number;
    permittedPaths?: string[];
    realtime?: ReturnType<typeof fakeRealtime>;
  } = {},
) {
  const session = {
    token: 't',
    approved: true,
    permittedPaths,
    user: { id: 5, fullname: 'Lee Learner', role: { id: roleId, name: 'Role' } },
    menu: [],
  } as unknown as SessionValue;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path,
        element: realtime ? (
          <RealtimeContext value={realtime.value}>{element}</RealtimeContext>
        ) : (
          element
        ),
      },
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
