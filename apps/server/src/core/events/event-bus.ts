import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { EventSubscriber } from '../module.ts';
import { EventOutbox } from './outbox.ts';

/**
 * The catalogue of domain events. Each slice adds its own events by
 * declaration merging:
 *
 *   declare module '../../core/events/event-bus.ts' {
 *     interface DomainEvents { 'course.completed': { userId: number; courseId: number } }
 *   }
 *
 * Payloads are stored as JSON in the outbox: plain values only (a date as an ISO string).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in slices
export interface DomainEvents {}

export type EventName = keyof DomainEvents & string;
export type DomainEvent<N extends EventName = EventName> = { name: N; payload: DomainEvents[N] };
type Listener<N extends EventName> = (payload: DomainEvents[N]) => Promise<void> | void;

/**
 * Where the events of committed use cases go (see runInTransaction, which writes them to the
 * outbox in the use case's transaction whatever bus it is given).
 *
 * - Durable subscribers (`addSubscriber`, from the modules) run as jobs of the queue, once per
 *   event, retried with backoff, on whichever node claims them; this is how a slice reacts to
 *   another's event.
 * - In-process listeners (`subscribe`) are told right after the commit, in this process only, and
 *   are lost if it dies: for observing events (tests), never for work that must happen. A failing
 *   listener is logged and never fails the use case.
 */
export class EventBus {
  private readonly listeners = new Map<string, Listener<never>[]>();
  readonly outbox = new EventOutbox();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  /** Registers a module's durable subscriber (its jobs are keyed `<module>:<name>`). */
  addSubscriber(moduleName: string, subscriber: EventSubscriber): void {
    this.outbox.add(moduleName, subscriber);
  }

  /** Lets this node run the subscribers: registers the outbox's jobs on `ctx.jobs`. */
  deliverWith(ctx: AppContext): void {
    this.outbox.deliverWith(ctx);
  }

  subscribe<N extends EventName>(name: N, listener: Listener<N>): () => void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener as Listener<never>);
    this.listeners.set(name, list);
    return () => {
      const current = this.listeners.get(name) ?? [];
      this.listeners.set(
        name,
        current.filter((l) => l !== listener),
      );
    };
  }

  /** Tells the in-process listeners; resolves once every one has finished, never rejects. */
  async publish<N extends EventName>(name: N, payload: DomainEvents[N]): Promise<void> {
    const list = this.listeners.get(name) ?? [];
    const results = await Promise.allSettled(list.map(async (l) => (l as Listener<N>)(payload)));
    for (const r of results) {
      if (r.status === 'rejected')
        this.log.error({ err: r.reason, event: name }, 'event listener failed');
    }
  }

  async publishAll(events: DomainEvent[]): Promise<void> {
    for (const e of events) await this.publish(e.name, e.payload);
  }
}
