import type { ReactNode } from 'react';
import { renderWithApp as render } from '../../shared/testing/render-with-app.tsx';

export { fakeRealtime } from '../../shared/testing/fake-realtime.ts';

/* Renders this feature's screens with a session holding /discussions (tests only). */
export function renderWithApp(
  element: ReactNode,
  options: Omit<Parameters<typeof render>[1] & object, 'permittedPaths'> = {},
) {
  return render(element, { ...options, permittedPaths: ['/discussions'] });
}
