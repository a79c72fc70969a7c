import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RealtimeContext, type RealtimeHandler } from '../../shared/realtime/index.ts';
import { renderWithApp as render } from '../../shared/testing/render-with-app.tsx';

/** A realtime stream the test drives: `deliver` hands a message to the screen's listeners. */
export function fakeRealtime() {
  const handlers = new Map<string, Set<RealtimeHandler>>();
  return {
    value: {
      subscribe(type: string, handler: RealtimeHandler) {
        const set = handlers.get(type) ?? new Set();
        set.add(handler);
        handlers.set(type, set);
        return () => set.delete(handler);
      },
    },
    deliver: (type: string, data: unknown) =>
      act(async () => {
        for (const handler of handlers.get(type) ?? []) handler(data, { type, data });
      }),
  };
}

/* Renders the wall's screens with a query client, a router, a realtime stream and a session holding /socialwall (tests only). */
export function renderWithApp(
  element: ReactNode,
  options: {
    path?: string;
    url?: string;
    roleId?: number;
    realtime?: ReturnType<typeof fakeRealtime>;
  } = {},
) {
  const { realtime, ...rest } = options;
  const wrapped = realtime ? (
    <RealtimeContext value={realtime.value}>{element}</RealtimeContext>
  ) : (
    element
  );
  return render(wrapped, { ...rest, permittedPaths: ['/socialwall'] });
}
