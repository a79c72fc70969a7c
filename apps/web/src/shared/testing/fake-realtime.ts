import { act } from '@testing-library/react';
import type { RealtimeHandler } from '../realtime/index.ts';

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
