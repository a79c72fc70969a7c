import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers/app-providers.tsx';
import { createAppRouter } from './router.tsx';

const router = createAppRouter();

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
