import type { ReactNode } from 'react';
import { renderWithApp as render } from '../../shared/testing/render-with-app.tsx';

/* Renders this feature's screens with a query client, a router and a session holding /announcements (tests only). */
export function renderWithApp(
  element: ReactNode,
  options: { path?: string; url?: string; roleId?: number } = {},
) {
  return render(element, { ...options, permittedPaths: ['/announcements'] });
}
