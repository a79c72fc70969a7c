/** One server-sent event as a client sees it. */
export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
  /** When it arrived (performance.now()). */
  at: number;
}

export interface SseClient {
  status: number;
  headers: Headers;
  /** Every event so far (comments are left out). */
  events: SseEvent[];
  /** Comment lines received (heartbeats). */
  comments: number;
  /** The body of an answer other than 200 (an error document), once read. */
  errorBody: string;
  /** The next event matching the predicate (already received or to come), or a timeout error. */
  next(predicate?: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * A text/event-stream reader over fetch, parsing events as EventSource does (id, event, data
 * lines; a blank line ends an event; lines starting with ':' are comments).
 */
export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let comments = 0;
  let done = false;
  let errorBody = '';
  const ended = (async () => {
    if (!response.body) return;
    if (response.status !== 200) {
      // An error answer: read it, so that the connection is free again.
      errorBody = await response.text().catch(() => '');
      return;
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let current: Partial<SseEvent> & { data?: string } = {};
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += value;
        let newline = buffer.indexOf('\n');
        while (newline >= 0) {
          const line = buffer.slice(0, newline).replace(/\r$/, '');
          buffer = buffer.slice(newline + 1);
          newline = buffer.indexOf('\n');
          if (line === '') {
            if (current.data !== undefined) {
              events.push({ ...current, data: current.data, at: performance.now() });
              for (const wake of waiters) wake();
            }
            current = {};
          } else if (line.startsWith(':')) {
            comments++;
          } else {
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'data')
              current.data = current.data === undefined ? value : `${current.data}\n${value}`;
            else if (field === 'id') current.id = value;
            else if (field === 'event') current.event = value;
          }
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      done = true;
      for (const wake of waiters) wake();
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    get comments() {
      return comments;
    },
    get errorBody() {
      return errorBody;
    },
    ended,
    next(predicate = () => true, timeoutMs = 5_000) {
      return new Promise<SseEvent>((resolve, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < events.length; seen++) {
            const event = events[seen]!;
            if (predicate(event)) {
              cleanup();
              resolve(event);
              return;
            }
          }
          if (done) {
            cleanup();
            reject(new Error('the stream ended before the event came'));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      controller.abort();
    },
  };
}

/** The JSON message of an event: `{type, data}`. */
export const messageOf = (event: SseEvent) =>
  JSON.parse(event.data) as { type: string; data?: unknown };
