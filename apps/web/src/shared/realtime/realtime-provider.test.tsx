import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContext, type SessionValue } from '../session/session-context.ts';
import { useRealtime } from './realtime-context.ts';
import { type EventSourceLike, RealtimeProvider } from './realtime-provider.tsx';

/** A stand-in EventSource the test drives. */
class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(message: { type: string; data?: unknown }, id: string) {
    this.onmessage?.(
      new MessageEvent('message', { data: JSON.stringify(message), lastEventId: id }),
    );
  }
  /** What EventSource does when the server refused it (401, 403, 429…): it gives up. */
  fail() {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
}

let sources: FakeSource[];
const factory = (url: string) => {
  const source = new FakeSource(url);
  sources.push(source);
  return source;
};

function session(overrides: Partial<SessionValue> = {}): SessionValue {
  return {
    token: 't',
    approved: true,
    permittedPaths: [],
    user: null,
    menu: [],
    ...overrides,
  } as unknown as SessionValue;
}

function setup(value: SessionValue, children: ReactNode = null) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const tree = (v: SessionValue, c: ReactNode) => (
    <QueryClientProvider client={client}>
      <SessionContext value={v}>
        <RealtimeProvider eventSource={factory}>{c}</RealtimeProvider>
      </SessionContext>
    </QueryClientProvider>
  );
  const view = render(tree(value, children));
  return {
    invalidate,
    rerender: (v: SessionValue, c: ReactNode = children) => view.rerender(tree(v, c)),
    view,
  };
}

function Listener({ type, onMessage }: { type: string; onMessage: (data: unknown) => void }) {
  useRealtime(type, onMessage);
  return null;
}

beforeEach(() => {
  sources = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimeProvider', () => {
  it('opens one stream for a signed-in, approved tab and none otherwise', () => {
    const { rerender } = setup(session({ token: null }));
    expect(sources).toHaveLength(0);
    rerender(session({ approved: false }));
    expect(sources).toHaveLength(0);
    rerender(session());
    expect(sources).toHaveLength(1);
    expect(sources[0]!.url).toBe('/api/stream/');
    // Re-rendering keeps the one stream; signing out closes it.
    rerender(session());
    expect(sources).toHaveLength(1);
    rerender(session({ token: null }));
    expect(sources[0]!.closed).toBe(true);
  });

  it('hands each message to the subscribers of its type', () => {
    const chat = vi.fn();
    const counters = vi.fn();
    setup(
      session(),
      <>
        <Listener type="message.created" onMessage={chat} />
        <Listener type="counters" onMessage={counters} />
      </>,
    );
    act(() => {
      sources[0]!.open();
      sources[0]!.send({ type: 'counters', data: { notifications: 2 } }, '7');
      sources[0]!.send({ type: 'something.else' }, '8');
    });
    expect(counters).toHaveBeenCalledWith(
      { notifications: 2 },
      { type: 'counters', data: { notifications: 2 } },
    );
    expect(chat).not.toHaveBeenCalled();
  });

  it('turns invalidate hints into query invalidations, and a resync into a refetch of all', () => {
    const { invalidate } = setup(session());
    act(() => {
      sources[0]!.send({ type: 'invalidate', data: { keys: [['notifications'], ['me', 3]] } }, '1');
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['notifications'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['me', 3] });
    invalidate.mockClear();
    act(() => {
      sources[0]!.send({ type: 'invalidate', data: 'not hints' }, '2');
    });
    expect(invalidate).not.toHaveBeenCalled();
    act(() => {
      sources[0]!.send({ type: 'resync' }, '2');
    });
    expect(invalidate).toHaveBeenCalledWith();
  });

  it('opens a new stream after one that gave up, from the last event it saw, backing off', () => {
    vi.useFakeTimers();
    setup(session());
    act(() => {
      sources[0]!.open();
      sources[0]!.send({ type: 'x' }, '41');
      sources[0]!.fail();
    });
    expect(sources).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(sources).toHaveLength(2);
    expect(sources[1]!.url).toBe('/api/stream/?last_event_id=41');
    act(() => {
      sources[1]!.fail();
      vi.advanceTimersByTime(2_000);
    });
    // The second wait is longer.
    expect(sources).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(sources).toHaveLength(3);
  });

  it('leaves reconnecting to EventSource while it retries by itself', () => {
    vi.useFakeTimers();
    setup(session());
    act(() => {
      sources[0]!.readyState = 0; // CONNECTING: EventSource is on it
      sources[0]!.onerror?.(new Event('error'));
      vi.advanceTimersByTime(60_000);
    });
    expect(sources).toHaveLength(1);
  });
});
