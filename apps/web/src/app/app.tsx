import { RouterProvider } from 'react-router/dom';
import { PageAvailability } from '../shared/navigation/page-availability.ts';
import { AppProviders } from './providers/app-providers.tsx';
import { createAppRouter } from './router.tsx';
import { hasPageFor } from './session/built-menu.ts';

const router = createAppRouter();

export function App() {
  return (
    <AppProviders>
      <PageAvailability.Provider value={hasPageFor}>
        <RouterProvider router={router} />
      </PageAvailability.Provider>
    </AppProviders>
  );
}
