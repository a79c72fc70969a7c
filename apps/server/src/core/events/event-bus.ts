import type { FastifyBaseLogger } from 'fastify';

/**
 * The catalogue of domain events. Each slice adds its own events by
 * declaration merging:
 *
 *   declare module '../../core/events/event-bus.ts' {
 *     interface DomainEvents { 'course.completed': { userId: number; courseId: number } }
 *   }
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in slices
export interface DomainEvents {}

export type EventName = keyof DomainEvents & string;
export type DomainEvent<N extends EventName = EventName> = { name: N; payload: DomainEvents[N] };
type Handler<N extends EventName> = (payload: DomainEvents[N]) => Promise<void> | void;

/**
 * In-process publish/subscribe between slices. Handlers run after the
 * publishing use case has committed (see runInTransaction); a failing handler
 * is logged and never undoes or fails the use case that published.
 */
export class EventBus {
  private readonly handlers = new Map<string, Handler<never>[]>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  subscribe<N extends EventName>(name: N, handler: Handler<N>): () => void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as Handler<never>);
    this.handlers.set(name, list);
    return () => {
      const current = this.handlers.get(name) ?? [];
      this.handlers.set(
        name,
        current.filter((h) => h !== handler),
      );
    };
  }

  /** Resolves once every handler has finished; never rejects. */
  async publish<N extends EventName>(name: N, payload: DomainEvents[N]): Promise<void> {
    const list = this.handlers.get(name) ?? [];
    const results = await Promise.allSettled(list.map(async (h) => (h as Handler<N>)(payload)));
    for (const r of results) {
      if (r.status === 'rejected')
        this.log.error({ err: r.reason, event: name }, 'event handler failed');
    }
  }

  async publishAll(events: DomainEvent[]): Promise<void> {
    for (const e of events) await this.publish(e.name, e.payload);
  }
}
