import type { ReactNode } from 'react';
import { renderWithApp as render } from '../../../shared/testing/render-with-app.tsx';

/* Renders the learner's assessment screens with a query client, a router and a session holding /assessment (tests only). */
export function renderWithApp(
  element: ReactNode,
  options: { path?: string; url?: string; roleId?: number } = {},
) {
  return render(element, { ...options, permittedPaths: ['/assessment'] });
}
